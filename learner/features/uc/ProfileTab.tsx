import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { notify } from '../../../common/http';
import { updateProfile } from '../../../common/services/auth';
import { optionalMobileRule } from '../../../common/validators';
import { useSession } from '../../app/session/context';
import { required, useForm, type FormRules } from '../../hooks/useForm';

type ProfileForm = { realName: string; mobile: string; email: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const rules: FormRules<ProfileForm> = {
  realName: (v, all) => required<ProfileForm>('请输入真实姓名')(v, all) ?? (v.trim().length > 32 ? '真实姓名不能超过32个字符' : undefined),
  mobile: (v) => optionalMobileRule(v.trim()),
  email: (v) => (!v.trim() || (EMAIL_PATTERN.test(v.trim()) && v.trim().length <= 128) ? undefined : '邮箱格式不正确'),
};

/** 我的资料: who I am (read-only) and what I may change myself. */
export function ProfileTab() {
  const { user, loadUser } = useSession();
  const [busy, setBusy] = useState(false);
  const { field, handleSubmit, reset } = useForm<ProfileForm>({ realName: '', mobile: '', email: '' }, rules);

  useEffect(() => {
    if (user) reset({ realName: user.realName, mobile: user.mobile ?? '', email: user.email ?? '' });
  }, [user, reset]);

  const submit = handleSubmit(async (v) => {
    setBusy(true);
    try {
      await updateProfile({ realName: v.realName.trim(), mobile: v.mobile.trim(), email: v.email.trim() });
      notify.success('资料已保存');
      await loadUser();
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 640 }}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="用户名" value={user?.userName ?? ''} disabled />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="所属部门" value={user?.deptName || '未分配'} disabled />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('realName')} label="真实姓名" disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('mobile')} label="手机号" inputMode="numeric" disabled={busy} />
        </Grid>
        <Grid size={12}>
          <TextField {...field('email')} label="邮箱" type="email" disabled={busy} />
        </Grid>
        <Grid size={12}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', fontSize: 14 }}>
            <span>角色：</span>
            {(user?.roleNames ?? []).map((role) => (
              <Chip key={role} label={role} size="small" variant="outlined" color="primary" />
            ))}
          </Stack>
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 3, px: 4 }}>
        保存
      </Button>
    </Box>
  );
}
