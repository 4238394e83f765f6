import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { UserMsg } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { readMessage } from '../../../common/services/msg';
import { LoadingScreen } from '../../components/LoadingScreen';

/** One message in full. Opening it marks it read on the server; `onRead` lets the list and badge catch up. */
export function MessageDialog({ id, onClose, onRead }: { id: string | null; onClose: () => void; onRead: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [msg, setMsg] = useState<UserMsg | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setMsg(null);
    setFailed(false);
    readMessage(id)
      .then((m) => {
        if (cancelled) return;
        setMsg(m);
        onRead();
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
    // onRead is a callback of the list; reading again when it changes would mark twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return (
    <Dialog open={Boolean(id)} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="message-dialog-title">
      <DialogTitle id="message-dialog-title" sx={{ pr: 3, lineHeight: 1.5 }}>
        {msg?.title ?? '消息详情'}
      </DialogTitle>
      <DialogContent dividers>
        {!msg && !failed && <LoadingScreen />}
        {failed && <Typography color="text.secondary">消息不存在或已被删除</Typography>}
        {msg && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {msg.senderName ? `${msg.senderName} · ` : ''}
              {formatTime(msg.createTime, 'YYYY-MM-DD HH:mm')}
            </Typography>
            <Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.8, fontSize: 15 }}>{msg.content}</Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained">
          关闭
        </Button>
      </DialogActions>
    </Dialog>
  );
}
