import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '../../../common/services/auth';
import { useSession } from '../../app/session/context';
import { PasswordField } from '../../components/PasswordField';
import { DEFAULT_SITE_NAME } from '../../components/SiteLogo';
import { paths } from '../../config/paths';
import { required, useForm } from '../../hooks/useForm';
import { AuthCard } from './AuthCard';

/** /sync with the redirect the login page was given, if any. */
export function syncPath(redirect: string | null): string {
  return redirect ? `${paths.sync.path}?redirect=${encodeURIComponent(redirect)}` : paths.sync.path;
}

export function LoginPage() {
  const { site, signIn } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const { field, handleSubmit } = useForm(
    { username: '', password: '' },
    { username: required('请输入用户名'), password: required('请输入密码') },
  );

  const submit = handleSubmit(async ({ username, password }) => {
    setBusy(true);
    try {
      const result = await login({ username: username.trim(), password });
      signIn(result.token);
      navigate(syncPath(search.get('redirect')), { replace: true });
    } catch {
      // The http client shows the server's message (e.g. 用户名或密码错误).
      setBusy(false);
    }
  });

  return (
    <AuthCard title="欢迎登录" subtitle={`登录 ${site?.siteName || DEFAULT_SITE_NAME}，开始学习与考试`}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
        <TextField {...field('username')} label="用户名" autoComplete="username" autoFocus disabled={busy} />
        <PasswordField {...field('password')} label="密码" autoComplete="current-password" disabled={busy} />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.25 }}>
          登录
        </Button>
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
