import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { CanAccess, DataTable, EditButton, SelectInput, TextInput, useCanAccess, useListContext, useTranslate } from 'react-admin';
import { userApi, type UserFilters, type UserRecord } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { UserState } from '../../../common/codes';
import { download } from '../../../common/http';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { ListEmpty } from '../shared/EmptyState';
import { actionColumn, ListActions, ResourceList } from '../shared/listParts';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import { parseCode } from '../shared/util';
import { RoleSelectInput } from '../shared/RoleSelect';
import { StateChip } from '../shared/StateChip';
import { UserBulkActions } from './UserBulkActions';
import { UserImportDialog } from './UserImportDialog';

const RESOURCE = 'sys/user';
const STATE_COLOR = { [UserState.NORMAL]: 'success', [UserState.DISABLED]: 'default', [UserState.PENDING]: 'warning' } as const;

/** 导出: the users matching the current filters, saved as 用户列表.xlsx. */
function ExportUsersButton() {
  const translate = useTranslate();
  const { filterValues, total } = useListContext();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy || !total}
      onClick={async () => {
        setBusy(true);
        try {
          // The list's filters are the export's filters: the same inputs fill both.
          const params: UserFilters = filterValues;
          await download(userApi.export, { params }, translate('examhall.users.exportFile'));
        } catch {
          // The http client has shown why.
        } finally {
          setBusy(false);
        }
      }}
    >
      {translate('examhall.users.export')}
    </Button>
  );
}

/** 导入: opens the import dialog (template, preview, commit). */
function ImportUsersButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('examhall.users.import')}
      </Button>
      <UserImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function useUserFilters() {
  const stateChoices = useCodeChoices(UserState.items);
  return [
    <TextInput key="userName" source="userName" resettable />,
    <TextInput key="realName" source="realName" resettable />,
    <DeptTreeInput key="deptId" source="deptId" resource={RESOURCE} size="small" />,
    <RoleSelectInput key="roleId" source="roleId" />,
    <SelectInput key="state" source="state" choices={stateChoices} emptyText="" parse={parseCode} />,
  ];
}

/** 用户管理. */
export function UserList() {
  const codeLabel = useCodeLabel();
  const translate = useTranslate();
  const filters = useUserFilters();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  return (
    <ResourceList
      resource={RESOURCE}
      filters={filters}
      actions={
        <ListActions resource={RESOURCE}>
          <CanAccess resource={RESOURCE} action="import">
            <ImportUsersButton />
          </CanAccess>
          <CanAccess resource={RESOURCE} action="export">
            <ExportUsersButton />
          </CanAccess>
        </ListActions>
      }
      sort={{ field: 'createTime', order: 'DESC' }}
    >
      <DataTable<UserRecord> rowClick={canEdit ? 'edit' : false} bulkActionButtons={<UserBulkActions />} empty={<ListEmpty message="examhall.users.empty" />}>
        <DataTable.Col source="userName" />
        <DataTable.Col source="realName" />
        <DataTable.Col source="deptName" disableSort />
        <DataTable.Col source="roleNames" disableSort render={(r) => r.roleNames?.join('、')} />
        <DataTable.Col source="mobile" disableSort />
        <DataTable.Col
          source="state"
          render={(r) => <StateChip label={codeLabel(UserState.items, r.state)} color={UserState.has(r.state) ? STATE_COLOR[r.state] : 'default'} />}
        />
        <DataTable.Col source="faceEnrolled" disableSort render={(r) => (r.faceEnrolled ? <StateChip label={translate('examhall.users.faceEnrolled')} color="info" /> : '')} />
        <DataTable.Col source="createTime" render={(r) => formatTime(r.createTime)} />
        {canEdit ? (
          <DataTable.Col label="examhall.common.actions" disableSort {...actionColumn}>
            <EditButton label="examhall.common.edit" />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </ResourceList>
  );
}
