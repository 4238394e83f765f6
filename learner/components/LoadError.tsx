import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Refresh from '@mui/icons-material/Refresh';
import SearchOff from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorCode } from '../../common/errorCodes';
import { ApiError } from '../../common/http';
import { paths } from '../config/paths';

/** What a failed load says (the server's or the http client's text), or a plain fallback. */
export const loadErrorText = (error: unknown) => (error instanceof Error && error.message) || '请求出现错误！';

/** The server answered that the record does not exist (or is not the caller's): no retry will bring it. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.NOT_FOUND;

/**
 * A load that failed: never the empty state (an unreachable server is not "no notices"). Says what
 * went wrong and offers 重试; a record the server says does not exist (试卷不存在) offers the way
 * home instead, since retrying cannot help. `fullPage`: centred on a screen of its own.
 */
export function LoadError({ error, onRetry, retrying, fullPage }: { error: unknown; onRetry: () => void; retrying?: boolean; fullPage?: boolean }) {
  const missing = isNotFound(error);
  // The server answered (an ApiError with its code): not a network problem, so no offline icon.
  const Icon = missing ? SearchOff : error instanceof ApiError && error.status !== undefined ? ErrorOutline : CloudOffOutlined;
  return (
    <Box
      role="alert"
      sx={{
        py: 7,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
        // A page of its own (the exam page has no layout): in the middle of the screen, as its spinner was.
        ...(fullPage && { minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }),
      }}
    >
      <Icon sx={{ fontSize: 52, color: 'action.disabled' }} aria-hidden />
      {missing ? (
        <Typography component="h1" sx={{ mt: 1, color: 'text.primary', fontWeight: 500, fontSize: 18 }}>
          {loadErrorText(error)}
        </Typography>
      ) : (
        <>
          <Typography sx={{ mt: 1, color: 'text.primary', fontWeight: 500 }}>加载失败</Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {loadErrorText(error)}
          </Typography>
        </>
      )}
      {missing ? (
        <Button variant="contained" component={RouterLink} to={paths.root.path} sx={{ mt: 2.5 }}>
          返回首页
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<Refresh />} onClick={onRetry} disabled={retrying} sx={{ mt: 2.5 }}>
          重试
        </Button>
      )}
    </Box>
  );
}
