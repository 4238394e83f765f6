import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Refresh from '@mui/icons-material/Refresh';

/** What a failed load says (the server's or the http client's text), or a plain fallback. */
export const loadErrorText = (error: unknown) => (error instanceof Error && error.message) || '请求出现错误！';

/**
 * A load that failed: never the empty state (an unreachable server is not "no notices"). Says what
 * went wrong and offers 重试.
 */
export function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  return (
    <Box role="alert" sx={{ py: 7, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <CloudOffOutlined sx={{ fontSize: 52, color: 'action.disabled' }} aria-hidden />
      <Typography sx={{ mt: 1, color: 'text.primary', fontWeight: 500 }}>加载失败</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {loadErrorText(error)}
      </Typography>
      <Button variant="outlined" startIcon={<Refresh />} onClick={onRetry} disabled={retrying} sx={{ mt: 2.5 }}>
        重试
      </Button>
    </Box>
  );
}
