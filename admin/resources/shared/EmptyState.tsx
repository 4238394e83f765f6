import { Box, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { useListContext, useTranslate } from 'react-admin';

/** What a list or tree shows when it has no rows. */
export function EmptyState({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      <InboxIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate(message)}
      </Typography>
    </Box>
  );
}

/** A list's empty state: `message` (还没有用户) when nothing exists, 没有找到符合条件的记录 when filters hide everything. */
export function ListEmpty({ message }: { message: string }) {
  const { filterValues } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return <EmptyState message={filtered ? 'examhall.common.noMatch' : message} />;
}
