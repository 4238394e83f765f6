import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { mobileRule, passwordRule } from '../../../common/validators';
import { notify } from '../../../common/http';
import { useSession } from '../../app/session/context';
import { FormTextField } from '../../components/form/FormTextField';
import { required } from '../../components/form/rules';
import { SendCode } from '../../components/SendCode';
import { paths } from '../../config/paths';
import { sendMail, sendSms, useForgotReset, waysIn } from './api/codes';
import { AuthCard } from './AuthCard';

type Channel = 'sms' | 'email';
type ForgotForm = { target: string; code: string; password: string; confirm: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailRule = (v: string) => (!v ? '请输入邮箱' : EMAIL_PATTERN.test(v) ? undefined : '邮箱格式不正确');

function ResetForm({ channel }: { channel: Channel }) {
  const reset = useForgotReset();
  const navigate = useNavigate();
  const { control, handleSubmit, getValues, trigger } = useForm<ForgotForm>({ defaultValues: { target: '', code: '', password: '', confirm: '' } });
  const busy = reset.isPending || reset.isSuccess;
  const targetRule = channel === 'sms' ? mobileRule : emailRule;
  const submit = handleSubmit(({ target, code, password }) =>
    reset.mutate(
      { channel, target: target.trim(), code: code.trim(), password },
      {
        onSuccess: () => {
          notify.success('密码已重置，请使用新密码登录');
          navigate(paths.login.path, { replace: true });
        },
      },
    ),
  );
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <FormTextField
        control={control}
        name="target"
        rules={{ validate: (v) => targetRule(v.trim()) }}
        label={channel === 'sms' ? '绑定的手机号' : '绑定的邮箱'}
        inputMode={channel === 'sms' ? 'tel' : 'email'}
        autoComplete={channel === 'sms' ? 'tel' : 'email'}
        autoFocus
        disabled={busy}
      />
      <SendCode
        disabled={busy}
        check={() => {
          void trigger('target');
          return targetRule(getValues('target').trim());
        }}
        send={(captcha) =>
          channel === 'sms'
            ? sendSms({ mobile: getValues('target').trim(), scene: 'reset', ...captcha })
            : sendMail({ email: getValues('target').trim(), scene: 'reset', ...captcha })
        }
        codeField={<FormTextField control={control} name="code" rules={{ validate: required('请输入验证码') }} label="验证码" inputMode="numeric" autoComplete="one-time-code" disabled={busy} />}
      />
      <FormTextField control={control} name="password" rules={{ validate: passwordRule }} password label="新密码" helperText="至少6位，须同时包含字母和数字" autoComplete="new-password" disabled={busy} />
      <FormTextField
        control={control}
        name="confirm"
        rules={{ validate: (v) => (!v ? '请再次输入新密码' : v === getValues('password') ? undefined : '两次输入的密码不一致') }}
        password
        label="确认新密码"
        autoComplete="new-password"
        disabled={busy}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.25 }}>
        重置密码
      </Button>
    </Stack>
  );
}

/** /forgot: a new password by a code sent to the bound phone or e-mail address (whichever site settings switch on). */
export function ForgotPage() {
  const { site } = useSession();
  const ways = waysIn(site);
  const channels: Array<[Channel, string]> = [];
  if (ways.resetSms) channels.push(['sms', '手机验证']);
  if (ways.resetEmail) channels.push(['email', '邮箱验证']);
  const [chosen, setChosen] = useState<Channel | null>(null);
  const channel = chosen ?? channels[0]?.[0];

  return (
    <AuthCard title="找回密码" subtitle="验证绑定的手机号或邮箱后设置新密码，所有已登录的设备将退出登录">
      {!channel ? (
        <Alert severity="info">本站未开启自助找回密码，请联系管理员重置密码。</Alert>
      ) : (
        <>
          {channels.length > 1 && (
            <Tabs value={channel} onChange={(_, v: Channel) => setChosen(v)} variant="fullWidth" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
              {channels.map(([value, label]) => (
                <Tab key={value} value={value} label={label} />
              ))}
            </Tabs>
          )}
          <ResetForm key={channel} channel={channel} />
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        想起密码了？
        <Link component={RouterLink} to={paths.login.path} underline="hover" sx={{ fontWeight: 500 }}>
          返回登录
        </Link>
      </Typography>
    </AuthCard>
  );
}
