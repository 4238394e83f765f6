import { DataTable, EditButton, SelectInput, ShowButton, TextInput, useCanAccess } from 'react-admin';
import type { NoticeRecord } from '../../../common/api';
import { NoticeState, NoticeTarget } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { ListEmpty } from '../shared/EmptyState';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import { actionColumn, BulkDeleteAction, ListActions, ResourceList } from '../shared/listParts';
import { StateChip } from '../shared/StateChip';
import { parseCode } from '../shared/util';

const RESOURCE = 'sys/notice';

/** 通知公告. */
export function NoticeList() {
  const codeLabel = useCodeLabel();
  const stateChoices = useCodeChoices(NoticeState.items);
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  return (
    <ResourceList
      resource={RESOURCE}
      filters={[
        <TextInput key="title" source="title" resettable />,
        <SelectInput key="state" source="state" choices={stateChoices} emptyText="" parse={parseCode} />,
      ]}
      actions={<ListActions resource={RESOURCE} />}
      sort={{ field: 'createTime', order: 'DESC' }}
    >
      <DataTable<NoticeRecord>
        rowClick="show"
        bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.notices.deleteConfirm" />}
        empty={<ListEmpty message="examhall.notices.empty" />}
      >
        <DataTable.Col source="title" disableSort cellClassName="wide-text" />
        <DataTable.Col
          source="state"
          disableSort
          render={(r) => <StateChip label={codeLabel(NoticeState.items, r.state)} color={r.state === NoticeState.PUBLISHED ? 'success' : 'default'} />}
        />
        <DataTable.Col source="targetType" disableSort render={(r) => codeLabel(NoticeTarget.items, r.targetType)} />
        <DataTable.Col source="createByName" disableSort />
        <DataTable.Col source="publishTime" disableSort render={(r) => formatTime(r.publishTime)} />
        <DataTable.Col label="examhall.common.actions" disableSort {...actionColumn}>
          <ShowButton label="examhall.common.detail" />
          {canEdit ? <EditButton label="examhall.common.edit" /> : null}
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}
