import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from 'react-router-dom';
import type { StartBody, Training } from '../../../common/api/practice';
import { PracticeMode, QuType } from '../../../common/codes';
import { paths } from '../../config/paths';
import { checkTraining, startTraining } from './api/practice';

export type StartRequest = Omit<StartBody, 'clear'>;

/** What a training practises: the mode, with its type or knowledge point. */
export const trainingLabel = (t: Pick<Training, 'mode' | 'quType' | 'tag'>) => {
  const what = t.quType ? QuType.label(t.quType) : t.tag;
  return what ? `${PracticeMode.label(t.mode)}（${what}）` : PracticeMode.label(t.mode);
};

/**
 * Starting a mode: an unfinished training of the bank and mode is offered first (continue or start
 * over); otherwise a new one is started. Either way the learner lands on the training page with
 * its id, so reloading it goes on with the same training.
 */
export function useStartTraining() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ req: StartRequest; open: Training } | null>(null);

  const go = (req: StartRequest, trainId: string) => navigate(paths.repoTraining.to(req.repoId, req.mode, { trainId }));

  const begin = async (req: StartRequest, clear = false) => {
    setBusy(true);
    try {
      const { trainId } = await startTraining({ ...req, ...(clear ? { clear: true } : {}) });
      go(req, trainId);
    } catch {
      // The http client has shown the server's message (e.g. 没有需要练习的错题).
    } finally {
      setBusy(false);
    }
  };

  const start = async (req: StartRequest) => {
    if (busy) return;
    if (req.mode === PracticeMode.RETRY) return begin(req);
    setBusy(true);
    let open: Training | null;
    try {
      open = await checkTraining(req.repoId, req.mode);
    } catch {
      setBusy(false);
      return;
    }
    setBusy(false);
    if (open) setPending({ req, open });
    else await begin(req);
  };

  const close = () => setPending(null);
  const dialog = (
    <Dialog open={pending !== null} onClose={busy ? undefined : close} maxWidth="xs" fullWidth aria-labelledby="continue-dialog-title">
      <DialogTitle id="continue-dialog-title">继续上次的练习？</DialogTitle>
      <DialogContent>
        {pending && (
          <DialogContentText>
            你有一次未完成的{trainingLabel(pending.open)}，已答 {pending.open.answered} / {pending.open.total} 题。继续上次的进度，还是重新开始？
            {pending.open.quType !== (pending.req.quType ?? null) || pending.open.tag !== (pending.req.tag ?? '')
              ? `重新开始将改为练习${trainingLabel({ mode: pending.req.mode, quType: pending.req.quType ?? null, tag: pending.req.tag ?? '' })}。`
              : ''}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          color="inherit"
          disabled={busy}
          onClick={() => {
            const p = pending!;
            close();
            void begin(p.req, true);
          }}
        >
          重新开始
        </Button>
        <Button
          variant="contained"
          autoFocus
          disabled={busy}
          onClick={() => {
            const p = pending!;
            close();
            go(p.req, p.open.id);
          }}
        >
          继续练习
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { start, busy, dialog };
}
