import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatTime } from '../../../common/format';
import { QueryState } from '../../components/QueryState';
import { useReadMessage } from './api/readMessage';

/** One message in full. Opening it marks it read (the list and the badge follow). */
export function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // The last message opened stays in the dialog while it fades out.
  const [shown, setShown] = useState(id);
  if (id && id !== shown) setShown(id);
  const query = useReadMessage(shown, Boolean(id));
  const msg = query.data;

  return (
    <Dialog open={Boolean(id)} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="message-dialog-title">
      <DialogTitle id="message-dialog-title" sx={{ pr: 3, lineHeight: 1.5 }}>
        {msg?.title ?? '消息详情'}
      </DialogTitle>
      <DialogContent dividers>
        {shown && (
          <QueryState query={query}>
            {(m) => (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {m.senderName ? `${m.senderName} · ` : ''}
                  {formatTime(m.createTime, 'YYYY-MM-DD HH:mm')}
                </Typography>
                <Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.8, fontSize: 15 }}>{m.content}</Box>
              </>
            )}
          </QueryState>
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
