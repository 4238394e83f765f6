import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** "Are you still here?": learning time stops counting until the learner answers. */
export function StillHereDialog({ open, onConfirm }: { open: boolean; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The http client has shown why; the dialog stays until the answer goes through.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} maxWidth="xs" fullWidth aria-labelledby="still-here-title" disableEscapeKeyDown>
      <DialogTitle id="still-here-title">您还在学习吗？</DialogTitle>
      <DialogContent>
        <DialogContentText>为确保学习时长真实有效，请确认您仍在学习。确认之前，学习时长暂停计算。</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy} autoFocus>
          我还在学习
        </Button>
      </DialogActions>
    </Dialog>
  );
}
