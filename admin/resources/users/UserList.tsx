import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  CanAccess,
  DataTable,
  EditButton,
  List,
  SelectInput,
  TextInput,
  useCanAccess,
  useListContext,
  useTranslate,
} from 'react-admin';
import { userApi, type UserRecord } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { UserState } from '../../../common/codes';
import { useAppDataProvider } from '../shared/appData';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { EmptyState } from '../shared/EmptyState';
import { ListActions } from '../shared/listParts';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import { parseCode } from '../shared/util';
import { RoleSelectInput } from '../shared/RoleSelect';
import { StateChip } from '../shared/StateChip';
import { UserBulkActions } from './UserBulkActions';

const RESOURCE = 'sys/user';
const STATE_COLOR = { 0: 'success', 1: 'default', 2: 'warning' } as const;

/** 导出: the current filters to /api/sys/user/export, saved as 用户列表.xlsx. */
function ExportUsersButton() {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const { filterValues, total } = useListContext();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      label="examhall.users.export"
      disabled={busy || !total}
      onClick={async () => {
        setBusy(true);
        try {
          await dataProvider.download(userApi.export, { params: filterValues }, translate('examhall.users.exportFile'));
        } catch {
          // The http client has shown why.
        } finally {
          setBusy(false);
        }
      }}
    >
      <DownloadIcon />
    </Button>
  );
}

function UserListActions() {
  return (
    <ListActions resource={RESOURCE}>
      <CanAccess resource={RESOURCE} action="export">
        <ExportUsersButton />
      </CanAccess>
    </ListActions>
  );
}

function useUserFilters() {
  const stateChoices = useCodeChoices(UserState.items);
  return [
    <TextInput key="userName" source="userName" alwaysOn resettable />,
    <TextInput key="realName" source="realName" alwaysOn resettable />,
    <DeptTreeInput key="deptId" source="deptId" alwaysOn resource={RESOURCE} size="small" sx={{ minWidth: 200 }} />,
    <RoleSelectInput key="roleId" source="roleId" alwaysOn />,
    <SelectInput key="state" source="state" alwaysOn choices={stateChoices} emptyText="" parse={parseCode} sx={{ minWidth: 120 }} />,
  ];
}

export function UserList() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const filters = useUserFilters();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  return (
    <List
      resource={RESOURCE}
      title={translate('examhall.users.title')}
      filters={filters}
      actions={<UserListActions />}
      sort={{ field: 'createTime', order: 'DESC' }}
      exporter={false}
      empty={false}
    >
      <DataTable<UserRecord>
        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={<UserBulkActions />}
        empty={<EmptyState message="examhall.users.empty" />}
      >
        <DataTable.Col source="userName" />
        <DataTable.Col source="realName" />
        <DataTable.Col source="deptName" disableSort />
        <DataTable.Col source="roleNames" disableSort render={(r) => r.roleNames?.join('、')} />
        <DataTable.Col source="mobile" disableSort />
        <DataTable.Col
          source="state"
          render={(r) => <StateChip label={codeLabel(UserState.items, r.state)} color={STATE_COLOR[r.state as 0 | 1 | 2] ?? 'default'} />}
        />
        <DataTable.Col source="createTime" render={(r) => formatTime(r.createTime)} />
        {canEdit ? (
          <DataTable.Col label="examhall.common.actions" disableSort>
            <EditButton label="examhall.common.edit" />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </List>
  );
}
