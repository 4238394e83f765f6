import { DataTable, EditButton, List, SelectInput, ShowButton, TextInput, useCanAccess, useTranslate } from 'react-admin';
import type { NoticeRecord } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { EmptyState } from '../shared/EmptyState';
import { BulkDeleteAction, ListActions } from '../shared/listParts';
import { StateChip } from '../shared/StateChip';
import { parseCode } from '../shared/util';

const RESOURCE = 'sys/notice';

export function NoticeList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const stateChoices = [0, 1].map((id) => ({ id, name: translate(`examhall.labels.noticeState.${id}`) }));
  return (
    <List
      resource={RESOURCE}
      title={translate('examhall.notices.title')}
      filters={[
        <TextInput key="title" source="title" alwaysOn resettable />,
        <SelectInput key="state" source="state" alwaysOn choices={stateChoices} emptyText="" parse={parseCode} sx={{ minWidth: 120 }} />,
      ]}
      actions={<ListActions resource={RESOURCE} />}
      sort={{ field: 'createTime', order: 'DESC' }}
      exporter={false}
      empty={false}
    >
      <DataTable<NoticeRecord> rowClick="show" bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.notices.deleteConfirm" />} empty={<EmptyState message="examhall.notices.empty" />}>
        <DataTable.Col source="title" disableSort />
        <DataTable.Col
          source="state"
          disableSort
          render={(r) => <StateChip label={translate(`examhall.labels.noticeState.${r.state}`)} color={r.state === 1 ? 'success' : 'default'} />}
        />
        <DataTable.Col source="targetType" disableSort render={(r) => translate(`examhall.labels.noticeTarget.${r.targetType}`)} />
        <DataTable.Col source="createByName" disableSort />
        <DataTable.Col source="publishTime" disableSort render={(r) => formatTime(r.publishTime)} />
        <DataTable.Col label="examhall.common.actions" disableSort>
          <ShowButton />
          {canEdit ? <EditButton label="examhall.common.edit" /> : null}
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
