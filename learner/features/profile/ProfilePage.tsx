import { useRef, type ChangeEvent, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { Link as RouterLink } from 'react-router-dom';
import type { UserInfo } from '../../../common/api/user';
import { notify } from '../../../common/http';
import { useFreshMe } from '../../app/session/api';
import { useSession } from '../../app/session/context';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useChangeAvatar } from './api/changeAvatar';

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 1.75, alignItems: 'center' }}>
      <Typography color="text.secondary" sx={{ width: 88, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>{children}</Box>
    </Stack>
  );
}

const orNone = (v: string | undefined, none = '未填写') => v || <Typography component="span" color="text.disabled">{none}</Typography>;

/** /profile/index: my personal profile, asked fresh from the server, with avatar upload. */
export function ProfilePage() {
  const { token } = useSession();
  const query = useFreshMe(token);
  return (
    <PageContainer title="个人资料" width="reading">
      <Card>
        <QueryState query={query}>{(user) => <ProfileCard user={user} />}</QueryState>
      </Card>
    </PageContainer>
  );
}

function ProfileCard({ user }: { user: UserInfo }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const changeAvatar = useChangeAvatar();

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      notify.error('请选择 PNG、JPG、GIF 或 WebP 格式的图片');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      notify.error('头像图片不能超过2MB');
      return;
    }
    changeAvatar.mutate({ user, file }, { onSuccess: () => notify.success('头像已更新') });
  };

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{
          p: { xs: 3, sm: 4 },
          alignItems: 'center',
          background: (t) => `linear-gradient(120deg, ${t.palette.primary.main}14, transparent 60%)`,
        }}
      >
        <Avatar src={user.avatar || undefined} alt={user.realName} sx={{ width: 96, height: 96, fontSize: 40, bgcolor: 'primary.main' }}>
          {user.realName.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: 1, textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="h5" component="p">
            {user.realName}
          </Typography>
          <Typography color="text.secondary">{user.userName}</Typography>
        </Box>
        <Stack direction={{ xs: 'row', sm: 'column' }} spacing={1}>
          <Button variant="contained" startIcon={<PhotoCameraOutlined />} disabled={changeAvatar.isPending} onClick={() => fileInput.current?.click()}>
            更换头像
          </Button>
          <Button component={RouterLink} to={paths.userCenter.to('profile')} variant="outlined" startIcon={<EditOutlined />}>
            编辑资料
          </Button>
        </Stack>
        <input ref={fileInput} type="file" accept={AVATAR_TYPES.join(',')} hidden aria-label="选择头像图片" onChange={pick} />
      </Stack>
      <Divider />
      <Box sx={{ px: { xs: 3, sm: 4 }, py: 1 }}>
        <InfoRow label="真实姓名">{user.realName}</InfoRow>
        <Divider />
        <InfoRow label="用户名">{user.userName}</InfoRow>
        <Divider />
        <InfoRow label="所属部门">{orNone(user.deptName, '未分配')}</InfoRow>
        <Divider />
        <InfoRow label="角色">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {user.roleNames.map((r) => (
              <Chip key={r} label={r} size="small" variant="outlined" color="primary" />
            ))}
          </Stack>
        </InfoRow>
        <Divider />
        <InfoRow label="手机号">{orNone(user.mobile)}</InfoRow>
        <Divider />
        <InfoRow label="邮箱">{orNone(user.email)}</InfoRow>
      </Box>
    </>
  );
}
