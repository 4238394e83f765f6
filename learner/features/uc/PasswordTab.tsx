import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { notify } from '../../../common/http';
import { updatePassword } from '../../../common/services/auth';
import { passwordRule } from '../../../common/validators';
import { PasswordField } from '../../components/PasswordField';
import { required, useForm, type FormRules } from '../../hooks/useForm';

type PasswordForm = { oldPassword: string; password: string; confirm: string };

const EMPTY: PasswordForm = { oldPassword: '', password: '', confirm: '' };

const rules: FormRules<PasswordForm> = {
  oldPassword: required('请输入旧密码'),
  password: (v) => passwordRule(v),
  confirm: (v, all) => required<PasswordForm>('请再次输入新密码')(v, all) ?? (v === all.password ? undefined : '两次输入的密码不一致'),
};

/** 修改密码: this session stays signed in; the server signs out the others. */
export function PasswordTab() {
  const [busy, setBusy] = useState(false);
  const { field, handleSubmit, reset } = useForm<PasswordForm>(EMPTY, rules);

  const submit = handleSubmit(async (v) => {
    setBusy(true);
    try {
      await updatePassword({ oldPassword: v.oldPassword, password: v.password });
      notify.success('密码修改成功');
      reset(EMPTY);
    } catch {
      // Shown by the http client (e.g. a wrong old password).
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 420 }}>
      <PasswordField {...field('oldPassword')} label="旧密码" autoComplete="current-password" disabled={busy} />
      <PasswordField {...field('password', '至少6位，且同时包含字母和数字')} label="新密码" autoComplete="new-password" disabled={busy} />
      <PasswordField {...field('confirm')} label="确认新密码" autoComplete="new-password" disabled={busy} />
      <div>
        <Button type="submit" variant="contained" disabled={busy} sx={{ px: 4 }}>
          确认修改
        </Button>
      </div>
    </Stack>
  );
}
