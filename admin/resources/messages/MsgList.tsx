import { DataTable, TextInput } from 'react-admin';
import SendIcon from '@mui/icons-material/Send';
import type { SentMsg } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { ListEmpty } from '../shared/EmptyState';
import { BulkDeleteAction, ListActions, ResourceList } from '../shared/listParts';

const RESOURCE = 'sys/msg';

/** 站内消息: the messages sent, with how many received and read them. */
export function MsgList() {
  return (
    <ResourceList
      resource={RESOURCE}
      filters={[<TextInput key="title" source="title" resettable />]}
      actions={<ListActions resource={RESOURCE} createLabel="examhall.messages.sendTitle" createIcon={<SendIcon />} />}
      sort={{ field: 'createTime', order: 'DESC' }}
    >
      <DataTable<SentMsg>
        rowClick="show"
        bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.messages.deleteConfirm" />}
        empty={<ListEmpty message="examhall.messages.empty" />}
      >
        <DataTable.Col source="title" disableSort cellClassName="wide-text" />
        <DataTable.Col source="senderName" disableSort />
        <DataTable.NumberCol source="receiverCount" disableSort />
        <DataTable.NumberCol source="readCount" disableSort />
        <DataTable.Col source="createTime" disableSort render={(r) => formatTime(r.createTime)} />
      </DataTable>
    </ResourceList>
  );
}
