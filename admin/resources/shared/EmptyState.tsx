import { Box, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { useTranslate } from 'react-admin';

/** What a list shows when it has no rows (with or without filters). */
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
