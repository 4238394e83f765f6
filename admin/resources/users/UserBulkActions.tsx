import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import FaceRetouchingOffIcon from '@mui/icons-material/FaceRetouchingOff';
import BadgeIcon from '@mui/icons-material/Badge';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import LockResetIcon from '@mui/icons-material/LockReset';
import PasswordIcon from '@mui/icons-material/Password';
import { useMutation } from '@tanstack/react-query';
import { CanAccess, Form, PasswordInput, required, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { faceApi, userApi, type BatchDeptBody, type BatchRoleBody, type BodyOf, type Endpoint, type ResetPassBody, type UserRecord } from '../../../common/api';
import { UserState } from '../../../common/codes';
import { call, type CallArgs } from '../../../common/http';
import { passwordRule } from '../../../common/validators';
import { InvalidFormNoticeCloser } from '../../layout/AdminNotifier';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { BulkDeleteAction, ConfirmedBulkButton } from '../shared/listParts';
import { RoleSelectArrayInput } from '../shared/RoleSelect';

const RESOURCE = 'sys/user';

/**
 * Runs a batch endpoint on the selected users, then says so, clears the selection and reloads.
 * The server's refusal is shown by the http client.
 */
function useBatch<E extends Endpoint>(endpoint: E) {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(RESOURCE);
  const refresh = useRefresh();
  const notify = useNotify();
  const ids = selectedIds.map(String);
  const mutation = useMutation({
    mutationFn: (body: BodyOf<E>) => call(endpoint, ...([body] as CallArgs<E>)),
    onSuccess: () => {
      notify('examhall.common.done', { type: 'success' });
      unselectAll();
      refresh();
    },
  });
  /** Resolves true when it went through. */
  const run = (body: BodyOf<E>) => mutation.mutateAsync(body).then(
    () => true,
    () => false,
  );
  return { run, ids, busy: mutation.isPending };
}

interface BatchDialogButtonProps<E extends Endpoint> {
  label: string;
  icon: ReactElement;
  endpoint: E;
  /** The endpoint's body from the selected ids and the dialog's form. */
  toBody: (ids: string[], values: Record<string, unknown>) => BodyOf<E>;
  defaultValues: Record<string, unknown>;
  children: ReactNode;
}

/** A bulk button opening a small form; its values go into the batch call with the selected ids. */
function BatchDialogButton<E extends Endpoint>({ label, icon, endpoint, toBody, defaultValues, children }: BatchDialogButtonProps<E>) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, ids, busy } = useBatch(endpoint);
  const titleId = `${endpoint.path}-title`;
  return (
    <>
      <Button size="small" startIcon={icon} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <Form
          defaultValues={defaultValues}
          noValidate
          onSubmit={async (values: Record<string, unknown>) => {
            if (await run(toBody(ids, values))) setOpen(false);
          }}
        >
          <InvalidFormNoticeCloser />
          <DialogTitle id={titleId}>{translate(label)}</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <DialogContentText variant="body2" sx={{ mb: 2 }}>
              {translate('examhall.users.selectedHint', { smart_count: ids.length })}
            </DialogContentText>
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              {translate('examhall.common.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('examhall.common.confirm')}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** 启用 / 禁用: after a confirmation, as 删除. */
function StateButton({ state }: { state: typeof UserState.NORMAL | typeof UserState.DISABLED }) {
  const translate = useTranslate();
  const { run, ids, busy } = useBatch(userApi.state);
  const enable = state === UserState.NORMAL;
  return (
    <ConfirmedBulkButton
      label={enable ? 'examhall.users.enable' : 'examhall.users.disable'}
      icon={enable ? <CheckCircleIcon /> : <BlockIcon />}
      title={translate(enable ? 'examhall.users.enableTitle' : 'examhall.users.disableTitle')}
      content={translate(enable ? 'examhall.users.enableConfirm' : 'examhall.users.disableConfirm', { smart_count: ids.length })}
      busy={busy}
      onConfirm={() => run({ ids, state })}
    />
  );
}

/** 要求修改密码: the selected users must change their password at their next sign-in. */
function PassChangeButton() {
  const translate = useTranslate();
  const { run, ids, busy } = useBatch(userApi.passChange);
  return (
    <ConfirmedBulkButton
      label="examhall.users.passChange"
      icon={<PasswordIcon />}
      title={translate('examhall.users.passChangeTitle')}
      content={translate('examhall.users.passChangeConfirm', { smart_count: ids.length })}
      busy={busy}
      onConfirm={() => run({ ids, required: true })}
    />
  );
}

/** 审核通过 / 拒绝注册: shown while every selected user awaits review. */
function ReviewButtons() {
  const translate = useTranslate();
  const { data = [] } = useListContext<UserRecord>();
  const { run, ids, busy } = useBatch(userApi.review);
  const selected = new Set(ids);
  const chosen = data.filter((u) => selected.has(u.id));
  if (chosen.length === 0 || chosen.length !== ids.length || chosen.some((u) => u.state !== UserState.PENDING)) return null;
  return (
    <>
      <ConfirmedBulkButton
        label="examhall.users.approve"
        icon={<HowToRegIcon />}
        title={translate('examhall.users.approveTitle')}
        content={translate('examhall.users.approveConfirm', { smart_count: ids.length })}
        busy={busy}
        onConfirm={() => run({ ids, approve: true })}
      />
      <ConfirmedBulkButton
        label="examhall.users.reject"
        icon={<PersonOffIcon />}
        title={translate('examhall.users.rejectTitle')}
        content={translate('examhall.users.rejectConfirm', { smart_count: ids.length })}
        busy={busy}
        onConfirm={() => run({ ids, approve: false })}
      />
    </>
  );
}

/** 解除锁定: clears the sign-in locks that wrong passwords left on the selected users. */
function UnlockButton() {
  const translate = useTranslate();
  const { run, ids, busy } = useBatch(userApi.unlock);
  return (
    <ConfirmedBulkButton
      label="examhall.users.unlock"
      icon={<LockOpenIcon />}
      title={translate('examhall.users.unlockTitle')}
      content={translate('examhall.users.unlockConfirm', { smart_count: ids.length })}
      busy={busy}
      onConfirm={() => run({ ids })}
    />
  );
}

/** 清除人脸: deletes the face enrolments of the selected users (never of one holding what the caller lacks). */
function FaceClearButton() {
  const translate = useTranslate();
  const { run, ids, busy } = useBatch(faceApi.clear);
  return (
    <ConfirmedBulkButton
      label="examhall.users.faceClear"
      icon={<FaceRetouchingOffIcon />}
      title={translate('examhall.users.faceClearTitle')}
      content={translate('examhall.users.faceClearConfirm', { smart_count: ids.length })}
      busy={busy}
      onConfirm={() => run({ ids })}
    />
  );
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Bulk actions of the user list, each shown only to those allowed to use it. */
export function UserBulkActions() {
  return (
    <>
      <CanAccess resource={RESOURCE} action="review">
        <ReviewButtons />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="batch-dept">
        <BatchDialogButton
          label="examhall.users.batchDept"
          icon={<AccountTreeIcon />}
          endpoint={userApi.batchDept}
          toBody={(ids, v): BatchDeptBody => ({ ids, deptId: String(v.deptId ?? '') })}
          defaultValues={{ deptId: '' }}
        >
          <DeptTreeInput source="deptId" resource={RESOURCE} validate={required('examhall.validation.dept')} />
        </BatchDialogButton>
      </CanAccess>
      <CanAccess resource={RESOURCE} action="batch-role">
        <BatchDialogButton
          label="examhall.users.batchRole"
          icon={<BadgeIcon />}
          endpoint={userApi.batchRole}
          toBody={(ids, v): BatchRoleBody => ({ ids, roleIds: strings(v.roleIds) })}
          defaultValues={{ roleIds: [] }}
        >
          <RoleSelectArrayInput source="roleIds" label="resources.sys/user.fields.roleIds" validate={required('examhall.validation.roles')} />
        </BatchDialogButton>
      </CanAccess>
      <CanAccess resource={RESOURCE} action="state">
        <StateButton state={UserState.NORMAL} />
        <StateButton state={UserState.DISABLED} />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="unlock">
        <UnlockButton />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="face-clear">
        <FaceClearButton />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="reset-pass">
        <BatchDialogButton
          label="examhall.users.resetPass"
          icon={<LockResetIcon />}
          endpoint={userApi.resetPass}
          toBody={(ids, v): ResetPassBody => ({ ids, password: String(v.password ?? '') })}
          defaultValues={{ password: '' }}
        >
          <PasswordInput source="password" label="examhall.users.newPassword" validate={passwordRule} helperText="examhall.users.passwordHelper" autoComplete="new-password" />
        </BatchDialogButton>
      </CanAccess>
      <CanAccess resource={RESOURCE} action="pass-change">
        <PassChangeButton />
      </CanAccess>
      <BulkDeleteAction resource={RESOURCE} confirmTitle="examhall.users.deleteTitle" confirmContent="examhall.users.deleteConfirm" />
    </>
  );
}
