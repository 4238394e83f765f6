import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { logout } from '../../../common/services/auth';
import { sessionKeys } from '../../app/session/api';
import { useSession } from '../../app/session/context';
import { paths } from '../../config/paths';
import { PasswordTab } from './PasswordTab';

/**
 * /change-password: where a session that must change its password first is held (imported
 * accounts, or an administrator's request), for learners and administrators alike. Once changed,
 * the user goes on through /sync to the page they wanted, or their home.
 */
export function ChangePasswordPage() {
  const { token, mustChangePassword, clear } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');

  const done = async () => {
    // Who the user is can be asked again now: the session goes on as usual.
    await queryClient.resetQueries({ queryKey: sessionKeys.me(token) });
    navigate(redirect && /^\/sync(\?|$)/.test(redirect) ? redirect : paths.sync.to(redirect), { replace: true });
  };
  const signOut = async () => {
    await logout().catch(() => undefined);
    clear();
    navigate(paths.login.path, { replace: true });
  };

  return (
    <Card sx={{ width: '100%', maxWidth: 460, borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          修改密码
        </Typography>
        <Alert severity={mustChangePassword ? 'warning' : 'info'} sx={{ mb: 3 }}>
          {mustChangePassword ? '为了账号安全，首次登录或管理员要求时需先修改密码，修改后即可继续使用。' : '请输入旧密码和新密码。'}
        </Alert>
        <PasswordTab onChanged={() => void done()} />
        <Button onClick={() => void signOut()} sx={{ mt: 2 }} color="inherit">
          退出登录
        </Button>
      </CardContent>
    </Card>
  );
}
