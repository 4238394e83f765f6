import { DataTable, EditButton, List, TextInput, useCanAccess, useTranslate } from 'react-admin';
import type { RoleRecord } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { RoleType } from '../../../common/codes';
import { EmptyState } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { BulkDeleteAction, ListActions } from '../shared/listParts';
import { StateChip } from '../shared/StateChip';

const RESOURCE = 'sys/role';

export function RoleList() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  return (
    <List
      resource={RESOURCE}
      title={translate('examhall.roles.title')}
      filters={[<TextInput key="roleName" source="roleName" alwaysOn resettable />]}
      actions={<ListActions resource={RESOURCE} />}
      sort={{ field: 'createTime', order: 'ASC' }}
      exporter={false}
      empty={false}
    >
      <DataTable<RoleRecord> rowClick={canEdit ? 'edit' : false} bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.roles.deleteConfirm" />} empty={<EmptyState message="examhall.roles.empty" />}>
        <DataTable.Col source="roleName" disableSort />
        <DataTable.Col source="roleCode" disableSort />
        <DataTable.Col
          source="roleType"
          disableSort
          render={(r) => <StateChip label={codeLabel(RoleType.items, r.roleType)} color={r.roleType === 2 ? 'primary' : 'default'} />}
        />
        <DataTable.NumberCol source="userCount" disableSort />
        <DataTable.Col source="remark" disableSort />
        <DataTable.Col source="createTime" disableSort render={(r) => formatTime(r.createTime)} />
        {canEdit ? (
          <DataTable.Col label="examhall.common.actions" disableSort>
            <EditButton label="examhall.common.edit" />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </List>
  );
}
