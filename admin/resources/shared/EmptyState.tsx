import { useState } from 'react';
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

/**
 * A list's empty state: `message` (还没有用户) when nothing exists, 没有找到符合条件的记录 when filters
 * hide everything. While a new search is on its way the rows on screen are still the previous
 * page's, and so is the message: the new one waits for its answer.
 */
export function ListEmpty({ message }: { message: string }) {
  const { filterValues, isPlaceholderData } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  const [shown, setShown] = useState(filtered);
  if (!isPlaceholderData && shown !== filtered) setShown(filtered);
  return <EmptyState message={shown ? 'examhall.common.noMatch' : message} />;
}
