import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { authApi } from '../../../common/api/user';
import { call, notify } from '../../../common/http';
import { mobileRule } from '../../../common/validators';
import { useBindMobile } from '../../app/session/api';
import { FormTextField } from '../../components/form/FormTextField';
import { required } from '../../components/form/rules';
import { SendCode } from '../../components/SendCode';

type BindForm = { mobile: string; code: string };

/** 绑定手机号: a code sent to the new number proves it is the user's. */
export function BindMobileDialog({ open, onClose, current }: { open: boolean; onClose: () => void; current: string }) {
  const bind = useBindMobile();
  const { control, handleSubmit, getValues, trigger, reset } = useForm<BindForm>({ defaultValues: { mobile: '', code: '' } });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit(({ mobile, code }) =>
    bind.mutate(
      { mobile: mobile.trim(), code: code.trim() },
      {
        onSuccess: () => {
          notify.success('手机号绑定成功');
          close();
        },
      },
    ),
  );
  return (
    <Dialog open={open} onClose={() => !bind.isPending && close()} fullWidth maxWidth="xs" aria-labelledby="bind-mobile-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="bind-mobile-title">{current ? '更换手机号' : '绑定手机号'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormTextField control={control} name="mobile" rules={{ validate: (v) => mobileRule(v.trim()) }} label="新手机号" inputMode="tel" autoComplete="tel" autoFocus />
            <SendCode
              disabled={bind.isPending}
              check={() => {
                void trigger('mobile');
                return mobileRule(getValues('mobile').trim());
              }}
              send={(captcha) => call(authApi.smsSend, { mobile: getValues('mobile').trim(), scene: 'bind', ...captcha })}
              codeField={<FormTextField control={control} name="code" rules={{ validate: required('请输入短信验证码') }} label="短信验证码" inputMode="numeric" autoComplete="one-time-code" />}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={bind.isPending}>
            取消
          </Button>
          <Button type="submit" variant="contained" disabled={bind.isPending}>
            确定
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
