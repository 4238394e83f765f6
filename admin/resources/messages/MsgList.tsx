import { DataTable, List, TextInput, useTranslate } from 'react-admin';
import SendIcon from '@mui/icons-material/Send';
import type { SentMsg } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { EmptyState } from '../shared/EmptyState';
import { BulkDeleteAction, ListActions } from '../shared/listParts';

const RESOURCE = 'sys/msg';

export function MsgList() {
  const translate = useTranslate();
  return (
    <List
      resource={RESOURCE}
      title={translate('examhall.messages.title')}
      filters={[<TextInput key="title" source="title" alwaysOn resettable />]}
      actions={<ListActions resource={RESOURCE} createLabel="examhall.messages.sendTitle" createIcon={<SendIcon />} />}
      sort={{ field: 'createTime', order: 'DESC' }}
      exporter={false}
      empty={false}
    >
      <DataTable<SentMsg> rowClick="show" bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.messages.deleteConfirm" />} empty={<EmptyState message="examhall.messages.empty" />}>
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="senderName" disableSort />
        <DataTable.NumberCol source="receiverCount" disableSort />
        <DataTable.NumberCol source="readCount" disableSort />
        <DataTable.Col source="createTime" disableSort render={(r) => formatTime(r.createTime)} />
      </DataTable>
    </List>
  );
}
