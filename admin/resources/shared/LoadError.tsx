import { Box, Button, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useListContext, useTranslate } from 'react-admin';

/**
 * What a list, tree or form shows when its data could not be loaded: never its empty state (the
 * data may well exist), but what went wrong and a way to try again.
 */
export function LoadError({ error, onRetry, retrying = false }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const translate = useTranslate();
  const detail = error instanceof Error ? error.message : '';
  return (
    <Box role="alert" sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 44, opacity: 0.8 }} />
      <Typography variant="subtitle1" color="text.primary" sx={{ mt: 1, fontWeight: 600 }}>
        {translate('examhall.common.loadFailed')}
      </Typography>
      {detail ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {detail}
        </Typography>
      ) : null}
      <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRetry} disabled={retrying} sx={{ mt: 2 }}>
        {translate('examhall.common.retry')}
      </Button>
    </Box>
  );
}

/** LoadError for a react-admin list: its error, and its refetch as the retry. */
export function ListLoadError() {
  const { error, refetch, isFetching } = useListContext();
  return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
}
