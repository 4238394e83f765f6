import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { dismissLoginNotice, useLoginNotice } from '../../app/loginNotice';
import { useSession } from '../../app/session/context';
import { useSignedIn } from './useSignedIn';
import { FormTextField } from '../../components/form/FormTextField';
import { required } from '../../components/form/rules';
import { DEFAULT_SITE_NAME } from '../../components/SiteLogo';
import { paths } from '../../config/paths';
import { waysIn } from './api/codes';
import { useLogin } from './api/login';
import { oidcStartUrl, useSsoStatus } from './api/sso';
import { AuthCard } from './AuthCard';

type LoginForm = { username: string; password: string };
type Way = 'password' | 'sms' | 'face';

// The SMS form (code sending, countdown, captcha) is its own chunk: the sign-in page's first load
// stays within its budget for everyone who signs in with a password.
const SmsLoginForm = lazy(() => import('./SmsLoginForm').then((m) => ({ default: m.SmsLoginForm })));
// Face sign-in (its form, and the worker with the models behind it) loads only when chosen.
const FaceLoginForm = lazy(() => import('./FaceLoginForm').then((m) => ({ default: m.FaceLoginForm })));
// So are the tabs, drawn only where more than one way in is switched on.
const WayTabs = lazy(() => import('./WayTabs').then((m) => ({ default: m.WayTabs })));

function PasswordForm({ forgot }: { forgot: boolean }) {
  const login = useLogin();
  const done = useSignedIn();
  const { control, handleSubmit } = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });
  // Disabled from the click until the next page, so a double click never signs in twice.
  const busy = login.isPending || login.isSuccess;
  const submit = handleSubmit(({ username, password }) => login.mutate({ username: username.trim(), password }, { onSuccess: done }));
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <FormTextField control={control} name="username" rules={{ validate: required('请输入用户名') }} label="用户名" autoComplete="username" autoFocus disabled={busy} />
      <Box>
        <FormTextField control={control} name="password" rules={{ validate: required('请输入密码') }} password label="密码" autoComplete="current-password" disabled={busy} />
        {forgot && (
          <Box sx={{ textAlign: 'right', mt: 1 }}>
            <Link component={RouterLink} to={paths.forgot.path} underline="hover" variant="body2">
              忘记密码？
            </Link>
          </Box>
        )}
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.25 }}>
        登录
      </Button>
    </Stack>
  );
}

export function LoginPage() {
  const { site } = useSession();
  const notice = useLoginNotice();
  const sso = useSsoStatus();
  const [search] = useSearchParams();
  const ways = waysIn(site);
  // With the password switched off, its tab stays for administrators (the server lets them in).
  const tabs: Array<[Way, string]> = ways.sms ? (ways.password ? [['password', '账号登录'], ['sms', '短信登录']] : [['sms', '短信登录'], ['password', '管理员登录']]) : [['password', '账号登录']];
  if (ways.face) tabs.splice(ways.password ? tabs.length : tabs.length - 1, 0, ['face', '刷脸登录']);
  const [chosen, setChosen] = useState<Way | null>(null);
  const way = chosen ?? tabs[0][0];

  return (
    <AuthCard title="欢迎登录" subtitle={`登录 ${site?.siteName || DEFAULT_SITE_NAME}，开始学习与考试`}>
      {notice && (
        // Why the user was sent here (spec sections 6 and 8): readable until closed, not a passing toast.
        <Alert severity={notice.type} onClose={dismissLoginNotice} sx={{ mb: 3 }}>
          {notice.message}
        </Alert>
      )}
      {tabs.length > 1 && (
        <Suspense fallback={<Box sx={{ height: 49, mb: 3 }} />}>
          <WayTabs tabs={tabs} value={way} onChange={(v) => setChosen(v as Way)} />
        </Suspense>
      )}
      {way === 'sms' ? (
        <Suspense fallback={<Box sx={{ minHeight: 220 }} />}>
          <SmsLoginForm />
        </Suspense>
      ) : way === 'face' ? (
        <Suspense fallback={<Box sx={{ minHeight: 220 }} />}>
          <FaceLoginForm />
        </Suspense>
      ) : (
        <PasswordForm forgot={ways.resetSms || ways.resetEmail} />
      )}
      {sso.data?.oidc && (
        // A full page load: the browser goes to the organisation's sign-in page and comes back to /sync.
        <Button variant="outlined" size="large" fullWidth href={oidcStartUrl(search.get('redirect'))} sx={{ mt: 2, py: 1.25 }}>
          使用统一身份认证登录
        </Button>
      )}
      {site?.allowRegister && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          还没有账号？
          <Link component={RouterLink} to={paths.register.path} underline="hover" sx={{ fontWeight: 500 }}>
            立即注册
          </Link>
        </Typography>
      )}
    </AuthCard>
  );
}
