import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Refresh from '@mui/icons-material/Refresh';
import { Link as RouterLink, useRevalidator, useRouteError } from 'react-router-dom';
import { ChunkLoadError, isChunkLoadError, reloadPage, serverAnswers } from '../../app/chunks';
import { paths } from '../../config/paths';

/**
 * What a route shows when its code failed to load or its page failed to render (react-router's
 * errorElement), in Chinese and with 重试, never the router's developer page. Inside a layout it
 * takes the page's place under the header; `fullPage` where there is no layout to sit in.
 *
 * 重试 runs the route's loader again (it loads the page's chunk: learner/app/chunks.ts) and
 * re-renders the page. A chunk that failed inside a page (a dialog's code) stays failed in this
 * document, so then 重试 reloads the page, once the server answers (offline, a reload would leave
 * the app for the browser's own error page).
 */
export function RouteErrorPage({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const [reloading, setReloading] = useState(false);
  const offline = isChunkLoadError(error);
  const busy = reloading || revalidator.state === 'loading';

  const retry = async () => {
    if (!offline || error instanceof ChunkLoadError) {
      await revalidator.revalidate();
      return;
    }
    setReloading(true);
    if (await serverAnswers()) reloadPage();
    else setReloading(false);
  };

  const Icon = offline ? CloudOffOutlined : ErrorOutline;
  return (
    <Box
      role="alert"
      sx={{
        flex: 1,
        minHeight: fullPage ? '100vh' : undefined,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        py: { xs: 8, sm: 12 },
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Icon sx={{ fontSize: 56, color: 'action.disabled' }} aria-hidden />
      <Typography component="h1" variant="h6" sx={{ mt: 1.5, color: 'text.primary', fontWeight: 500 }}>
        {offline ? '加载失败，请检查网络后重试' : '页面出错了'}
      </Typography>
      {!offline && (
        <Typography variant="body2" sx={{ mt: 0.75 }}>
          请重试，或返回首页
        </Typography>
      )}
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" startIcon={<Refresh />} onClick={() => void retry()} disabled={busy}>
          {busy ? '正在重试…' : '重试'}
        </Button>
        <Button component={RouterLink} to={paths.root.path} variant="outlined">
          返回首页
        </Button>
      </Box>
    </Box>
  );
}
