import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { notify } from '../../../common/http';
import { optionalMobileRule } from '../../../common/validators';
import { useUpdateProfile } from '../../app/session/api';
import { useSession } from '../../app/session/context';
import { FormTextField } from '../../components/form/FormTextField';
import { TextInput } from '../../components/TextInput';
import { all, maxLength, optionalEmail, required } from '../../components/form/rules';
import { BindMobileDialog } from './BindMobileDialog';

type ProfileForm = { realName: string; mobile: string; email: string };

/** 我的资料: who I am (read-only) and what I may change myself. */
export function ProfileTab() {
  const { user, site } = useSession();
  const update = useUpdateProfile();
  // Where codes can be sent the phone opens the account: it is bound with a code, not typed in.
  const bindByCode = Boolean(site?.smsReady);
  const [binding, setBinding] = useState(false);
  const { control, handleSubmit, reset } = useForm<ProfileForm>({ defaultValues: { realName: '', mobile: '', email: '' } });

  useEffect(() => {
    if (user) reset({ realName: user.realName, mobile: user.mobile ?? '', email: user.email ?? '' });
  }, [user, reset]);

  const submit = handleSubmit((v) =>
    update.mutate(
      { realName: v.realName.trim(), ...(bindByCode ? {} : { mobile: v.mobile.trim() }), email: v.email.trim() },
      { onSuccess: () => notify.success('资料已保存') },
    ),
  );

  const busy = update.isPending;
  return (
    // noValidate: our Chinese messages, never the browser's own (English) e-mail check.
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 640 }}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput label="用户名" value={user?.userName ?? ''} disabled />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput label="所属部门" value={user?.deptName || '未分配'} disabled />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="realName"
            rules={{ validate: all(required('请输入真实姓名'), maxLength(32, '真实姓名不能超过32个字符')) }}
            label="真实姓名"
            disabled={busy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {bindByCode ? (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <TextInput label="手机号" value={user?.mobile || '未绑定'} disabled sx={{ flex: 1 }} />
              <Button variant="outlined" onClick={() => setBinding(true)} sx={{ height: 54, whiteSpace: 'nowrap', flexShrink: 0 }}>
                {user?.mobile ? '更换' : '绑定'}
              </Button>
            </Stack>
          ) : (
            <FormTextField control={control} name="mobile" rules={{ validate: (v) => optionalMobileRule(v.trim()) }} label="手机号" inputMode="numeric" disabled={busy} />
          )}
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="email" rules={{ validate: optionalEmail }} label="邮箱" type="email" disabled={busy} />
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
      <BindMobileDialog open={binding} onClose={() => setBinding(false)} current={user?.mobile ?? ''} />
    </Box>
  );
}
