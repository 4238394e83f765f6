import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { PaperDetail, PaperQu } from '../../../common/api/paper';
import { DisplayMode, HandType, PaperState } from '../../../common/codes';
import { ApiError } from '../../../common/http';
import { LoadError } from '../../components/LoadError';
import { LoadingScreen } from '../../components/LoadingScreen';
import { paths } from '../../config/paths';
import { examKeys, getPaperDetail, getPaperQu, handExam, usePaperDetail } from './api/exam';
import { clock, timeOfDay } from './format';
import { AnswerCard, numberItems } from './paper/AnswerCard';
import { PaperAnswers } from './paper/paperAnswers';
import { PaperQuestion } from './paper/PaperQuestion';
import { useAnswerSync } from './paper/useAnswerSync';
import { useCountdown } from './paper/useCountdown';
import { useIntegrity } from './paper/useIntegrity';
import { Watermark } from './paper/Watermark';

/** The countdown turns to a warning this many seconds before the end. */
const WARN_SECONDS = 5 * 60;
/** How long hand-in waits for unsaved answers to reach the server. */
const DRAIN_MS = 15_000;

/** Is the key press meant for a text field (then it is not navigation)? */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function TakingPaper({ paper }: { paper: PaperDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const items = useMemo(() => numberItems(paper), [paper]);
  const perScore = useMemo(() => new Map(paper.groups.flatMap((g) => g.quList.map((q) => [q.quId, g.perScore] as const))), [paper]);
  const [current, setCurrent] = useState(items[0]?.quId ?? null);
  const [cardOpen, setCardOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [handing, setHanding] = useState(false);
  const [handError, setHandError] = useState('');
  const [notice, setNotice] = useState('');
  const finished = useRef(false);
  const step = paper.displayMode === DisplayMode.STEP;

  const toResult = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    void queryClient.invalidateQueries({ queryKey: examKeys.all });
    navigate(paths.examResult.to(paper.id), { replace: true });
  }, [navigate, paper.id, queryClient]);

  const { sync, status, online } = useAnswerSync(paper.id, () => {
    // The server will not take more answers (handed in, time up): the result says why.
    sync.close();
    toResult();
  });
  const integrity = useIntegrity(paper, () => {
    sync.close();
    toResult();
  });

  // The one source of truth for every answer on the page (journal, else this page's last change, else the server's).
  const [answers] = useState(() => new PaperAnswers(paper, sync));
  const states = useSyncExternalStore(answers.subscribe, answers.getCards);

  // Once a replayed or offline journal is through, the server's card is the truth for questions not loaded yet.
  const cardStale = useRef(status.pending > 0);
  useEffect(() => {
    if (!status.online) cardStale.current = true;
    if (!cardStale.current || status.pending > 0 || !status.online) return;
    cardStale.current = false;
    getPaperDetail(paper.id)
      .then((fresh) => answers.serverCards(fresh))
      .catch(() => undefined);
  }, [status, paper.id, answers]);

  // Back online after a drop: recorded on the paper's timeline.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) integrity.reconnected();
    wasOnline.current = online;
  }, [online, integrity]);

  const forceHand = useCallback(() => {
    void sync.drain(5_000).finally(() =>
      handExam(paper.id, HandType.DEADLINE)
        .catch(() => undefined)
        .finally(() => {
          sync.close();
          toResult();
        }),
    );
  }, [paper.id, sync, toResult]);
  const left = useCountdown(paper.id, paper.leftSeconds >= 0 ? paper.leftSeconds : null, forceHand);
  const [handIn, setHandIn] = useState(paper.handInSeconds);
  useEffect(() => {
    if (handIn <= 0) return;
    const t = setTimeout(() => setHandIn((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [handIn]);

  // Every question is fetched in the background, so that a dropped connection does not stop the learner moving on.
  useEffect(() => {
    let stop = false;
    void (async () => {
      for (const i of items) {
        if (stop) return;
        const key = examKeys.qu(paper.id, i.quId);
        await queryClient.prefetchQuery({ queryKey: key, queryFn: () => getPaperQu(paper.id, i.quId), staleTime: Infinity, gcTime: Infinity });
        const qu = queryClient.getQueryData<PaperQu>(key);
        if (qu && !stop) answers.loaded(qu);
      }
    })();
    return () => {
      stop = true;
    };
  }, [items, paper.id, queryClient, answers]);

  const index = items.findIndex((i) => i.quId === current);
  const go = useCallback(
    (quId: string) => {
      setCurrent(quId);
      setCardOpen(false);
      if (!step) document.getElementById(`qu-${quId}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      else window.scrollTo?.({ top: 0 });
    },
    [step],
  );
  const move = useCallback(
    (delta: number) => {
      const next = items[index + delta];
      if (next) go(next.quId);
    },
    [go, index, items],
  );

  // Keyboard: ←/→ (or PageUp/PageDown) between questions, when not typing.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') move(1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') move(-1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  // Leaving the page with answers not yet on the server: the browser asks first.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (sync.getStatus().pending > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [sync]);

  const unanswered = items.filter((i) => !states[i.quId]?.answered).map((i) => i.number);

  const submit = async () => {
    setHanding(true);
    setHandError('');
    const saved = await sync.drain(DRAIN_MS);
    if (!saved) {
      setHanding(false);
      setHandError(`还有 ${sync.getStatus().pending} 道题的答案没有保存到服务器（网络不通）。请检查网络后再交卷，答案已保存在本机，不会丢失。`);
      return;
    }
    try {
      await handExam(paper.id, HandType.LEARNER);
      sync.close();
      toResult();
    } catch (e) {
      setHandError(e instanceof ApiError ? e.message : '交卷失败，请重试');
      setHanding(false);
    }
  };

  const warn = left !== null && left <= WARN_SECONDS;
  const saveText =
    status.pending > 0
      ? online
        ? '正在保存…'
        : `${status.pending} 道题待保存`
      : status.savedAt
        ? `已保存 ${timeOfDay(status.savedAt)}`
        : '答案会自动保存';

  const card = <AnswerCard paper={paper} states={states} current={current} onPick={go} />;
  const shown = step ? items.filter((i) => i.quId === current) : items;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', userSelect: paper.blockPaste ? 'none' : undefined }}>
      <Watermark text={paper.watermark} />
      <Paper component="header" square elevation={2} sx={{ position: 'sticky', top: 0, zIndex: 1100, px: { xs: 1.5, sm: 3 }, py: 1 }}>
        <Stack direction="row" spacing={{ xs: 1, sm: 2 }} alignItems="center">
          <Typography component="h1" sx={{ fontWeight: 700, fontSize: { xs: 15, sm: 18 }, flex: 1, minWidth: 0 }} noWrap title={paper.title}>
            {paper.title}
          </Typography>
          <Typography variant="body2" color={online ? 'text.secondary' : 'warning.main'} sx={{ display: { xs: 'none', sm: 'block' } }} role="status" aria-live="polite" data-testid="save-state">
            {saveText}
          </Typography>
          {left !== null && (
            <Box
              role="timer"
              aria-label="剩余时间"
              sx={{ px: 1.5, py: 0.5, borderRadius: 1, fontWeight: 700, fontVariantNumeric: 'tabular-nums', bgcolor: warn ? 'error.main' : 'grey.100', color: warn ? 'error.contrastText' : 'text.primary' }}
            >
              {clock(left)}
            </Box>
          )}
          <Button variant="outlined" size="small" onClick={() => setCardOpen(true)} sx={{ display: { md: 'none' } }}>
            答题卡
          </Button>
          <Button variant="contained" onClick={() => setConfirmOpen(true)}>
            交卷
          </Button>
        </Stack>
      </Paper>

      {!online && (
        <Alert severity="warning" sx={{ borderRadius: 0 }} data-testid="offline-banner">
          网络连接已断开。你的答案已保存在本机，恢复连接后会自动提交，请继续作答，不要关闭页面。
        </Alert>
      )}
      {warn && left !== null && left > 0 && (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          距离考试结束不到 5 分钟，时间到后系统会自动交卷。
        </Alert>
      )}
      {integrity.idleLeft !== null && (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          你已很久没有操作，{integrity.idleLeft} 秒后将被强制交卷。动一动鼠标或按任意键继续作答。
        </Alert>
      )}
      <Box sx={{ display: { xs: 'block', sm: 'none' }, px: 1.5, pt: 1 }}>
        <Typography variant="caption" color={online ? 'text.secondary' : 'warning.main'}>
          {saveText}
        </Typography>
      </Box>

      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          {shown.map((i) => (
            <Paper key={i.quId} id={`qu-${i.quId}`} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 72 }} onFocusCapture={() => !step && setCurrent(i.quId)}>
              {i.number === 1 || items[i.number - 2]?.group !== i.group ? (
                <Typography variant="overline" color="primary" sx={{ display: 'block', mb: 1 }}>
                  {paper.groups[i.group].title}
                </Typography>
              ) : null}
              <PaperQuestion
                paperId={paper.id}
                item={paper.groups[i.group].quList.find((q) => q.quId === i.quId)!}
                number={i.number}
                perScore={perScore.get(i.quId) ?? 0}
                answers={answers}
                blockPaste={paper.blockPaste}
                onPasteBlocked={() => {
                  setNotice('本场考试禁止粘贴，请自己输入答案。');
                  integrity.pasteBlocked();
                }}
              />
            </Paper>
          ))}
          {step && (
            <Stack direction="row" spacing={1.5} justifyContent="space-between">
              <Button variant="outlined" disabled={index <= 0} onClick={() => move(-1)}>
                上一题
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                {index + 1} / {items.length}
              </Typography>
              {index < items.length - 1 ? (
                <Button variant="contained" onClick={() => move(1)}>
                  下一题
                </Button>
              ) : (
                <Button variant="contained" onClick={() => setConfirmOpen(true)}>
                  交卷
                </Button>
              )}
            </Stack>
          )}
        </Stack>
        <Paper variant="outlined" sx={{ width: 280, p: 2, position: 'sticky', top: 80, display: { xs: 'none', md: 'block' }, maxHeight: 'calc(100vh - 100px)', overflowY: 'auto' }}>
          {card}
        </Paper>
      </Box>

      <Drawer anchor="bottom" open={cardOpen} onClose={() => setCardOpen(false)} slotProps={{ paper: { sx: { p: 2, maxHeight: '70vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } } }}>
        {card}
      </Drawer>

      <Dialog open={confirmOpen} onClose={() => !handing && setConfirmOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>确认交卷</DialogTitle>
        <DialogContent>
          {handIn > 0 ? (
            <Alert severity="info">开考 {Math.ceil(paper.handInSeconds / 60)} 分钟后才能交卷，还需等待 {clock(handIn)}。</Alert>
          ) : unanswered.length > 0 ? (
            <Typography>
              还有 <b>{unanswered.length}</b> 道题未作答（第 {unanswered.slice(0, 20).join('、')}
              {unanswered.length > 20 ? ' 等' : ''} 题），交卷后不能再修改，确定要交卷吗？
            </Typography>
          ) : (
            <Typography>所有题目都已作答。交卷后不能再修改，确定要交卷吗？</Typography>
          )}
          {handError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {handError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)} disabled={handing}>
            继续作答
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={handing || handIn > 0}>
            {handing ? '正在交卷…' : '确定交卷'}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={Boolean(integrity.leaveWarning)} maxWidth="xs" fullWidth>
        <DialogTitle>请勿离开考试页面</DialogTitle>
        <DialogContent>
          <Typography>{integrity.leaveWarning}</Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={integrity.dismissLeaveWarning}>
            我知道了
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={integrity.needFullscreen} maxWidth="xs" fullWidth>
        <DialogTitle>请进入全屏</DialogTitle>
        <DialogContent>
          <Typography>本场考试要求全屏作答，退出全屏会被记录。</Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={integrity.enterFullscreen}>
            进入全屏
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={Boolean(notice)} onClose={() => setNotice('')} maxWidth="xs" fullWidth>
        <DialogContent>
          <Typography>{notice}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setNotice('')}>知道了</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** /web/exam/start/{paperId}: my paper while it is open; a paper already handed in goes to its result. */
export function ExamPage() {
  const { id = '' } = useParams();
  const query = usePaperDetail(id);
  if (query.data) {
    if (query.data.state !== PaperState.IN_EXAM) return <Navigate to={paths.examResult.to(id)} replace />;
    return <TakingPaper paper={query.data} />;
  }
  if (query.isError) return <LoadError fullPage error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <LoadingScreen fullPage text="正在打开试卷…" />;
}
