import { DataTable, EditButton, TextInput, useCanAccess } from 'react-admin';
import type { RoleRecord } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { RoleType } from '../../../common/codes';
import { ListEmpty } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { actionColumn, BulkDeleteAction, ListActions, ResourceList } from '../shared/listParts';
import { StateChip } from '../shared/StateChip';

const RESOURCE = 'sys/role';

/** 角色管理. */
export function RoleList() {
  const codeLabel = useCodeLabel();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  return (
    <ResourceList
      resource={RESOURCE}
      filters={[<TextInput key="roleName" source="roleName" resettable />]}
      actions={<ListActions resource={RESOURCE} />}
      sort={{ field: 'createTime', order: 'ASC' }}
    >
      <DataTable<RoleRecord>
        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.roles.deleteConfirm" />}
        empty={<ListEmpty message="examhall.roles.empty" />}
      >
        <DataTable.Col source="roleName" disableSort />
        <DataTable.Col source="roleCode" disableSort />
        <DataTable.Col
          source="roleType"
          disableSort
          render={(r) => <StateChip label={codeLabel(RoleType.items, r.roleType)} color={r.roleType === RoleType.ADMIN ? 'primary' : 'default'} />}
        />
        <DataTable.NumberCol source="userCount" disableSort />
        <DataTable.Col source="remark" disableSort />
        <DataTable.Col source="createTime" disableSort render={(r) => formatTime(r.createTime)} />
        {canEdit ? (
          <DataTable.Col label="examhall.common.actions" disableSort {...actionColumn}>
            <EditButton label="examhall.common.edit" />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </ResourceList>
  );
}
