import { BulkDeleteButton, CanAccess, CreateButton, DataTable, List, TextInput, TopToolbar, useListContext, useTranslate } from 'react-admin';
import SendIcon from '@mui/icons-material/Send';
import type { SentMsg } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { EmptyState } from '../shared/EmptyState';

const RESOURCE = 'sys/msg';

function MsgBulkActions() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  return (
    <CanAccess resource={RESOURCE} action="delete">
      <BulkDeleteButton mutationMode="pessimistic" confirmContent={translate('examhall.messages.deleteConfirm', { smart_count: selectedIds.length })} />
    </CanAccess>
  );
}

export function MsgList() {
  const translate = useTranslate();
  return (
    <List
      resource={RESOURCE}
      title={translate('examhall.messages.title')}
      filters={[<TextInput key="title" source="title" alwaysOn resettable />]}
      actions={
        <TopToolbar>
          <CanAccess resource={RESOURCE} action="create">
            <CreateButton label="examhall.messages.sendTitle" icon={<SendIcon />} />
          </CanAccess>
        </TopToolbar>
      }
      sort={{ field: 'createTime', order: 'DESC' }}
      exporter={false}
      empty={false}
    >
      <DataTable<SentMsg> rowClick="show" bulkActionButtons={<MsgBulkActions />} empty={<EmptyState message="examhall.messages.empty" />}>
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="senderName" disableSort />
        <DataTable.NumberCol source="receiverCount" disableSort />
        <DataTable.NumberCol source="readCount" disableSort />
        <DataTable.Col source="createTime" disableSort render={(r) => formatTime(r.createTime)} />
      </DataTable>
    </List>
  );
}
