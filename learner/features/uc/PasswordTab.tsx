import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { notify } from '../../../common/http';
import { passwordRule } from '../../../common/validators';
import { FormTextField } from '../../components/form/FormTextField';
import { required } from '../../components/form/rules';
import { useUpdatePassword } from './api/updatePassword';

type PasswordForm = { oldPassword: string; password: string; confirm: string };

const EMPTY: PasswordForm = { oldPassword: '', password: '', confirm: '' };
const PASSWORD_HINT = '至少6位，且同时包含字母和数字';

/** 修改密码: this session stays signed in; the server signs out the others. `onChanged` runs after the success message. */
export function PasswordTab({ onChanged }: { onChanged?: () => void } = {}) {
  const update = useUpdatePassword();
  const { control, handleSubmit, getValues, reset } = useForm<PasswordForm>({ defaultValues: EMPTY });

  const submit = handleSubmit((v) =>
    update.mutate(
      { oldPassword: v.oldPassword, password: v.password },
      {
        onSuccess: () => {
          notify.success('密码修改成功');
          reset(EMPTY);
          onChanged?.();
        },
      },
    ),
  );

  const busy = update.isPending;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 420 }}>
      <FormTextField control={control} name="oldPassword" rules={{ validate: required('请输入旧密码') }} password label="旧密码" autoComplete="current-password" disabled={busy} />
      <FormTextField control={control} name="password" rules={{ validate: passwordRule, deps: 'confirm' }} password helperText={PASSWORD_HINT} label="新密码" autoComplete="new-password" disabled={busy} />
      <FormTextField
        control={control}
        name="confirm"
        rules={{ validate: (v) => required('请再次输入新密码')(v) ?? (v === getValues('password') ? undefined : '两次输入的密码不一致') }}
        password
        label="确认新密码"
        autoComplete="new-password"
        disabled={busy}
      />
      <div>
        <Button type="submit" variant="contained" disabled={busy} sx={{ px: 4 }}>
          确认修改
        </Button>
      </div>
    </Stack>
  );
}
