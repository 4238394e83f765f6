import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notify } from '../../../common/http';
import { register } from '../../../common/services/auth';
import { optionalMobileRule, passwordRule } from '../../../common/validators';
import { useSession } from '../../app/session/context';
import { PasswordField } from '../../components/PasswordField';
import { paths } from '../../config/paths';
import { required, useForm, type FormRules } from '../../hooks/useForm';
import { AuthCard } from './AuthCard';

const PENDING_MESSAGE = '注册成功，请等待管理员审核';

type RegisterForm = { userName: string; realName: string; password: string; confirm: string; mobile: string };

const rules: FormRules<RegisterForm> = {
  userName: (v) => {
    const name = v.trim();
    if (!name) return '请输入用户名';
    if (name.length < 2 || name.length > 32) return '用户名长度为2到32个字符';
    return undefined;
  },
  realName: (v) => {
    if (!v.trim()) return '请输入真实姓名';
    return v.trim().length > 32 ? '真实姓名不能超过32个字符' : undefined;
  },
  password: (v) => passwordRule(v),
  confirm: (v, all) => required<RegisterForm>('请再次输入密码')(v, all) ?? (v === all.password ? undefined : '两次输入的密码不一致'),
  mobile: (v) => optionalMobileRule(v.trim()),
};

function BackToLogin({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
      {text}
      <Link component={RouterLink} to={paths.login.path} underline="hover" sx={{ fontWeight: 500 }}>
        返回登录
      </Link>
    </Typography>
  );
}

/** Learner self-registration (when the site settings allow it). */
export function RegisterPage() {
  const { site, signIn } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(false);
  const { field, handleSubmit } = useForm<RegisterForm>(
    { userName: '', realName: '', password: '', confirm: '', mobile: '' },
    rules,
  );

  const submit = handleSubmit(async (v) => {
    setBusy(true);
    try {
      const result = await register({
        userName: v.userName.trim(),
        realName: v.realName.trim(),
        password: v.password,
        ...(v.mobile.trim() ? { mobile: v.mobile.trim() } : {}),
      });
      if (result.pending || !result.token) {
        setPending(true);
        return;
      }
      notify.success('注册成功');
      signIn(result.token);
      navigate(paths.sync.path, { replace: true });
    } catch {
      // The http client shows the server's message (e.g. the user name is taken).
    } finally {
      setBusy(false);
    }
  });

  if (site && !site.allowRegister) {
    return (
      <AuthCard title="用户注册">
        <Alert severity="info">系统暂未开放注册，请联系管理员为您开通账号。</Alert>
        <BackToLogin text="已有账号？" />
      </AuthCard>
    );
  }

  if (pending) {
    return (
      <AuthCard title="用户注册">
        <Alert severity="success">{PENDING_MESSAGE}</Alert>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          审核通过后即可使用注册的用户名和密码登录。
        </Typography>
        <Button component={RouterLink} to={paths.login.path} variant="contained" fullWidth size="large" sx={{ mt: 3 }}>
          返回登录
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="用户注册" subtitle="创建学员账号，注册后即可参加学习与考试">
      <Stack component="form" noValidate onSubmit={submit} spacing={2.25}>
        <TextField {...field('userName')} label="用户名" autoComplete="username" disabled={busy} />
        <TextField {...field('realName')} label="真实姓名" autoComplete="name" disabled={busy} />
        <PasswordField {...field('password', '至少6位，且同时包含字母和数字')} label="密码" autoComplete="new-password" disabled={busy} />
        <PasswordField {...field('confirm')} label="确认密码" autoComplete="new-password" disabled={busy} />
        <TextField {...field('mobile', '选填')} label="手机号" autoComplete="tel" inputMode="numeric" disabled={busy} />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.25 }}>
          注册
        </Button>
      </Stack>
      <BackToLogin text="已有账号？" />
    </AuthCard>
  );
}
