import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { mobileRule } from '../../../common/validators';
import { FormTextField } from '../../components/form/FormTextField';
import { required } from '../../components/form/rules';
import { SendCode } from '../../components/SendCode';
import { sendSms, useMobileLogin } from './api/codes';
import { useSignedIn } from './useSignedIn';

type SmsForm = { mobile: string; code: string };

/** 短信登录: a code to the phone, then sign in with it (loaded when the tab is chosen). */
export function SmsLoginForm() {
  const login = useMobileLogin();
  const done = useSignedIn();
  const { control, handleSubmit, getValues, trigger } = useForm<SmsForm>({ defaultValues: { mobile: '', code: '' } });
  const busy = login.isPending || login.isSuccess;
  const submit = handleSubmit(({ mobile, code }) => login.mutate({ mobile: mobile.trim(), code: code.trim() }, { onSuccess: done }));
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <FormTextField control={control} name="mobile" rules={{ validate: (v) => mobileRule(v.trim()) }} label="手机号" inputMode="tel" autoComplete="tel" autoFocus disabled={busy} />
      <SendCode
        disabled={busy}
        check={() => {
          void trigger('mobile');
          return mobileRule(getValues('mobile').trim());
        }}
        send={(captcha) => sendSms({ mobile: getValues('mobile').trim(), scene: 'login', ...captcha })}
        codeField={<FormTextField control={control} name="code" rules={{ validate: required('请输入短信验证码') }} label="短信验证码" inputMode="numeric" autoComplete="one-time-code" disabled={busy} />}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.25 }}>
        登录
      </Button>
    </Stack>
  );
}
