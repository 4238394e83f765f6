import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a card shows while its data loads. */
export function LoadingBlock() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress size={28} aria-label={translate('examhall.common.loading')} />
    </Box>
  );
}
