import { useState, type ReactElement, type ReactNode } from 'react';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BadgeIcon from '@mui/icons-material/Badge';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import LockResetIcon from '@mui/icons-material/LockReset';
import {
  Button,
  CanAccess,
  Form,
  PasswordInput,
  required,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import { passwordRule } from '../../../common/validators';
import { useAppDataProvider } from '../shared/appData';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { BulkDeleteAction } from '../shared/listParts';
import { RoleSelectArrayInput } from '../shared/RoleSelect';

const RESOURCE = 'sys/user';
const USER_STATE_NORMAL = 0;
const USER_STATE_DISABLED = 1;

/** Runs a batch call on the selected users, then says so, clears the selection and reloads. */
function useBatchCall() {
  const dataProvider = useAppDataProvider();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(RESOURCE);
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (path: string, body: Record<string, unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await dataProvider.call(path, { ids: selectedIds as Identifier[], ...body });
      notify('examhall.common.done', { type: 'success' });
      unselectAll();
      refresh();
      return true;
    } catch {
      // The http client has shown the server's message.
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, count: selectedIds.length };
}

interface BatchDialogButtonProps {
  label: string;
  icon: ReactElement;
  path: string;
  children: ReactNode;
  defaultValues: Record<string, unknown>;
}

/** A bulk button opening a small form; its values go into the batch call with the selected ids. */
function BatchDialogButton({ label, icon, path, children, defaultValues }: BatchDialogButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, busy, count } = useBatchCall();
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="xs" aria-labelledby={`${path}-title`}>
        <Form
          defaultValues={defaultValues}
          onSubmit={async (values: Record<string, unknown>) => {
            if (await run(path, values)) setOpen(false);
          }}
        >
          <DialogTitle id={`${path}-title`}>{translate(label)}</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <DialogContentText variant="body2" sx={{ mb: 2 }}>
              {translate('examhall.users.selectedHint', { smart_count: count })}
            </DialogContentText>
            {children}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)} disabled={busy}>
              {translate('examhall.common.cancel')}
            </MuiButton>
            <MuiButton type="submit" variant="contained" disabled={busy}>
              {translate('examhall.common.confirm')}
            </MuiButton>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

function StateButton({ state }: { state: number }) {
  const { run, busy } = useBatchCall();
  const enable = state === USER_STATE_NORMAL;
  return (
    <Button
      label={enable ? 'examhall.users.enable' : 'examhall.users.disable'}
      disabled={busy}
      onClick={() => void run('/api/sys/user/state', { state })}
    >
      {enable ? <CheckCircleIcon /> : <BlockIcon />}
    </Button>
  );
}

/** Bulk actions of the user list, each shown only to those allowed to use it. */
export function UserBulkActions() {
  return (
    <>
      <CanAccess resource={RESOURCE} action="batch">
        <BatchDialogButton label="examhall.users.batchDept" icon={<AccountTreeIcon />} path="/api/sys/user/batch-dept" defaultValues={{ deptId: '' }}>
          <DeptTreeInput source="deptId" resource={RESOURCE} validate={required('examhall.validation.dept')} />
        </BatchDialogButton>
        <BatchDialogButton label="examhall.users.batchRole" icon={<BadgeIcon />} path="/api/sys/user/batch-role" defaultValues={{ roleIds: [] }}>
          <RoleSelectArrayInput source="roleIds" label="resources.sys/user.fields.roleIds" validate={required('examhall.validation.roles')} />
        </BatchDialogButton>
      </CanAccess>
      <CanAccess resource={RESOURCE} action="state">
        <StateButton state={USER_STATE_NORMAL} />
        <StateButton state={USER_STATE_DISABLED} />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="reset-pass">
        <BatchDialogButton label="examhall.users.resetPass" icon={<LockResetIcon />} path="/api/sys/user/reset-pass" defaultValues={{ password: '' }}>
          <PasswordInput
            source="password"
            label="examhall.users.newPassword"
            validate={passwordRule}
            helperText="examhall.users.passwordHelper"
            autoComplete="new-password"
          />
        </BatchDialogButton>
      </CanAccess>
      <BulkDeleteAction resource={RESOURCE} confirmTitle="examhall.users.deleteTitle" confirmContent="examhall.users.deleteConfirm" />
    </>
  );
}
