import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';

/** What a list shows when it has nothing to show. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <InboxOutlined sx={{ fontSize: 56, color: 'action.disabled' }} aria-hidden />
      <Typography sx={{ mt: 1 }}>{text}</Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
