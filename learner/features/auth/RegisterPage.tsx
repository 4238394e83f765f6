import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notify } from '../../../common/http';
import { optionalMobileRule, passwordRule } from '../../../common/validators';
import { useSession } from '../../app/session/context';
import { FormTextField } from '../../components/form/FormTextField';
import { all, maxLength, required } from '../../components/form/rules';
import { paths } from '../../config/paths';
import { useRegister } from './api/register';
import { AuthCard } from './AuthCard';

const PENDING_MESSAGE = '注册成功，请等待管理员审核';
const PASSWORD_HINT = '至少6位，且同时包含字母和数字';

type RegisterForm = { userName: string; realName: string; password: string; confirm: string; mobile: string };

const userNameRule = (v: string) => {
  const name = v.trim();
  if (!name) return '请输入用户名';
  return name.length < 2 || name.length > 32 ? '用户名长度为2到32个字符' : undefined;
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
  const register = useRegister();
  const { control, handleSubmit, getValues } = useForm<RegisterForm>({
    defaultValues: { userName: '', realName: '', password: '', confirm: '', mobile: '' },
  });
  const pending = register.data !== undefined && (register.data.pending || !register.data.token);
  const busy = register.isPending || (register.isSuccess && !pending);

  const submit = handleSubmit((v) =>
    register.mutate(
      {
        userName: v.userName.trim(),
        realName: v.realName.trim(),
        password: v.password,
        ...(v.mobile.trim() ? { mobile: v.mobile.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          if (result.pending || !result.token) return;
          notify.success('注册成功');
          signIn(result.token);
          navigate(paths.sync.path, { replace: true });
        },
      },
    ),
  );

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
        <FormTextField control={control} name="userName" rules={{ validate: userNameRule }} label="用户名" autoComplete="username" disabled={busy} />
        <FormTextField
          control={control}
          name="realName"
          rules={{ validate: all(required('请输入真实姓名'), maxLength(32, '真实姓名不能超过32个字符')) }}
          label="真实姓名"
          autoComplete="name"
          disabled={busy}
        />
        <FormTextField control={control} name="password" rules={{ validate: passwordRule, deps: 'confirm' }} password helperText={PASSWORD_HINT} label="密码" autoComplete="new-password" disabled={busy} />
        <FormTextField
          control={control}
          name="confirm"
          rules={{ validate: (v) => required('请再次输入密码')(v) ?? (v === getValues('password') ? undefined : '两次输入的密码不一致') }}
          password
          label="确认密码"
          autoComplete="new-password"
          disabled={busy}
        />
        <FormTextField
          control={control}
          name="mobile"
          rules={{ validate: (v) => optionalMobileRule(v.trim()) }}
          helperText="选填"
          label="手机号"
          autoComplete="tel"
          inputMode="numeric"
          disabled={busy}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.25 }}>
          注册
        </Button>
      </Stack>
      <BackToLogin text="已有账号？" />
    </AuthCard>
  );
}
