import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { dismissLoginNotice, useLoginNotice } from '../../app/loginNotice';
import { useSession } from '../../app/session/context';
import { FormTextField } from '../../components/form/FormTextField';
import { required } from '../../components/form/rules';
import { DEFAULT_SITE_NAME } from '../../components/SiteLogo';
import { paths } from '../../config/paths';
import { useLogin } from './api/login';
import { oidcStartUrl, useSsoStatus } from './api/sso';
import { AuthCard } from './AuthCard';


type LoginForm = { username: string; password: string };

export function LoginPage() {
  const { site, signIn } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const notice = useLoginNotice();
  const login = useLogin();
  const sso = useSsoStatus();
  const { control, handleSubmit } = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });
  // Disabled from the click until the next page, so a double click never signs in twice.
  const busy = login.isPending || login.isSuccess;

  const submit = handleSubmit(({ username, password }) =>
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (result) => {
          signIn(result.token);
          navigate(paths.sync.to(search.get('redirect')), { replace: true });
        },
      },
    ),
  );

  return (
    <AuthCard title="欢迎登录" subtitle={`登录 ${site?.siteName || DEFAULT_SITE_NAME}，开始学习与考试`}>
      {notice && (
        // Why the user was sent here (spec sections 6 and 8): readable until closed, not a passing toast.
        <Alert severity={notice.type} onClose={dismissLoginNotice} sx={{ mb: 3 }}>
          {notice.message}
        </Alert>
      )}
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <FormTextField control={control} name="username" rules={{ validate: required('请输入用户名') }} label="用户名" autoComplete="username" autoFocus disabled={busy} />
        <FormTextField control={control} name="password" rules={{ validate: required('请输入密码') }} password label="密码" autoComplete="current-password" disabled={busy} />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.25 }}>
          登录
        </Button>
        {sso.data?.oidc && (
          // A full page load: the browser goes to the organisation's sign-in page and comes back to /sync.
          <Button variant="outlined" size="large" href={oidcStartUrl(search.get('redirect'))} disabled={busy} sx={{ py: 1.25 }}>
            使用统一身份认证登录
          </Button>
        )}
      </Stack>
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
