import { useSyncExternalStore } from 'react';
import { Backdrop, CircularProgress, Typography } from '@mui/material';
import { isUploading, subscribeUploading } from '../http/notify';

const subscribe = (onChange: () => void) => subscribeUploading(() => onChange());

/** Covers the page while an upload through the http client is in flight (spec section 7). */
export function UploadOverlay() {
  const active = useSyncExternalStore(subscribe, isUploading, () => false);
  return (
    <Backdrop
      open={active}
      unmountOnExit
      // Backdrop hides itself from assistive technology by default; this one carries a message.
      slotProps={{ root: { 'aria-hidden': false, role: 'status' } }}
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
    >
      <CircularProgress color="inherit" aria-label="文件上传中" />
      <Typography>文件上传中，请稍候…</Typography>
    </Backdrop>
  );
}
