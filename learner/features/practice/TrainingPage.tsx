import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import GridView from '@mui/icons-material/GridView';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PracticeAnswer, StartBody, TrainingQu } from '../../../common/api/practice';
import type { AnswerInput } from '../../../common/api/qu';
import { PracticeMode, QuType } from '../../../common/codes';
import { CombinedFeedback, CombinedVerdict, QuestionAnswer, QuestionReview, hasAnswer } from '../../../common/components/question';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { loadErrorText } from '../../components/LoadError';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { accuracy, judged, selfAssessedText, useAssessAnswer, useFillAnswer, useSetFavorite, useStartQuery, useTrainingCard, useTrainingQu, type TrainingCard } from './api/practice';
import { AnswerCard } from './AnswerCard';
import { trainingLabel } from './useStartTraining';

const CHOICE_TYPES: number[] = [QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE];

/** Whether a key press belongs to a field (typing) rather than to the page's shortcuts. */
const inField = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable;
};
const onControl = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  return Boolean(el?.tagName && (['BUTTON', 'A'].includes(el.tagName) || el.getAttribute?.('role') === 'button'));
};

/** A combined question's kept sub-answers (or, before the server has them, my drafts) in the order its review lists them. */
function subAnswersOf(qu: TrainingQu, drafts: Record<string, AnswerInput> | undefined) {
  const kept = new Map((qu.answer?.subAnswers ?? []).map(({ subId, ...a }) => [subId, a]));
  const list = qu.feedback?.question.subList ?? [];
  return list.map((s, i) => {
    const id = s.id ?? qu.question.subList[i]?.quId ?? '';
    return kept.get(id) ?? drafts?.[id] ?? null;
  });
}

/** What the learner sends: a combined question's parts one by one, any other question's own answer. */
function answerToSend(qu: TrainingQu, draft: AnswerInput, subs: Record<string, AnswerInput>): PracticeAnswer {
  if (qu.question.quType !== QuType.COMBINED) return draft;
  return { subAnswers: qu.question.subList.flatMap((s) => (hasAnswer(subs[s.quId]) ? [{ subId: s.quId, ...subs[s.quId] }] : [])) };
}

function Verdict({ qu, recite }: { qu: TrainingQu; recite: boolean }) {
  if (recite || !qu.feedback) return null;
  const { subs, question, assessment, isRight } = qu.feedback;
  const combined = qu.question.quType === QuType.COMBINED;
  // What the server cannot judge (a short answer) awaits my own verdict, given below the reference answer.
  if (assessment === 'pending') {
    return (
      <Alert severity="info" role="status">
        已提交。{combined ? '客观小题已全部答对，简答小题' : '简答题'}由你自评：请对照下方的参考答案和解析，再在下方选择“答对”或“答错”。
      </Alert>
    );
  }
  if (assessment === 'self') {
    return (
      <Alert severity={isRight ? 'success' : 'error'} role="status">
        自评：{isRight ? '答对' : '答错'}（自评的题单独统计，不计入系统判定的正确率{isRight ? '' : '；已加入错题'}）
      </Alert>
    );
  }
  // Kept before self-assessment existed: counted as the server had it then.
  if (qu.question.quType === QuType.SHORT || (combined && !subs)) {
    return (
      <Alert severity="info" role="status">
        已提交。{qu.question.quType === QuType.SHORT ? '简答题' : '组合题'}请对照下方的参考答案和解析自行检查。
      </Alert>
    );
  }
  if (subs) return <CombinedVerdict question={question} isRight={qu.feedback.isRight} subs={subs} />;
  return qu.feedback.isRight ? (
    <Alert severity="success" role="status">
      回答正确
    </Alert>
  ) : (
    <Alert severity="error" role="status">
      回答错误，请看下方的正确答案和解析
    </Alert>
  );
}

/** 答对 / 答错: my own verdict on an answer the server cannot judge, after I compared it with the reference answer. */
export function SelfAssess({ onAssess, pending }: { onAssess: (right: boolean) => void; pending: boolean }) {
  return (
    <Box component="section" aria-label="自评" sx={{ p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'info.light', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Typography sx={{ fontWeight: 600 }}>对照参考答案，你答对了吗？</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        这道题由你自评：结果单独计为“自评”，答错的题会加入错题。选定后不能更改。
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
        <Button variant="contained" color="success" disableElevation disabled={pending} onClick={() => onAssess(true)} sx={{ minWidth: 96 }}>
          答对
        </Button>
        <Button variant="outlined" color="error" disabled={pending} onClick={() => onAssess(false)} sx={{ minWidth: 96 }}>
          答错
        </Button>
      </Stack>
    </Box>
  );
}

function TrainingView({ trainId, card }: { trainId: string; card: TrainingCard }) {
  const navigate = useNavigate();
  const { training, items } = card;
  const total = items.length;
  const recite = training.mode === PracticeMode.RECITE;
  const [seq, setSeq] = useState(() => Math.min(Math.max(1, training.position), Math.max(1, total)));
  const [drafts, setDrafts] = useState<Record<number, AnswerInput>>({});
  const [subDrafts, setSubDrafts] = useState<Record<number, Record<string, AnswerInput>>>({});
  const [error, setError] = useState('');
  const [cardOpen, setCardOpen] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const query = useTrainingQu(trainId, seq);
  const fill = useFillAnswer(trainId);
  const assess = useAssessAnswer(trainId);
  const favorite = useSetFavorite();
  const qu = query.data;
  const answered = Boolean(qu?.feedback);
  const unanswered = items.filter((i) => !i.answered).length;
  const wrong = items.filter((i) => i.isRight === false && i.assessment === 'judged').length;
  const draft = drafts[seq] ?? {};

  const go = (next: number) => {
    if (next < 1 || next > total) return;
    setError('');
    setSeq(next);
    setCardOpen(false);
  };
  const end = () => {
    if (recite) navigate(paths.repoView.to(training.repoId));
    else if (unanswered > 0) setConfirmEnd(true);
    else navigate(paths.repoResult.to(trainId));
  };
  const submit = () => {
    if (!qu || answered || recite || fill.isPending) return;
    const subs = subDrafts[seq] ?? {};
    const given = qu.question.quType === QuType.COMBINED ? Object.values(subs).some(hasAnswer) : hasAnswer(draft);
    if (!given) {
      setError('请先作答再提交');
      return;
    }
    setError('');
    fill.mutate({ sequence: seq, quId: qu.question.quId, answer: answerToSend(qu, draft, subs) });
  };
  const proceed = () => {
    if (seq < total) go(seq + 1);
    else end();
  };

  // Keyboard: A–H pick an option, Enter submits or goes on, ← → move between questions.
  const keys = useRef({ submit, proceed, go, seq, qu, answered, recite, draft });
  keys.current = { submit, proceed, go, seq, qu, answered, recite, draft };
  useEffect(() => {
    // A button clicked with the mouse keeps the focus, and Enter then still submits or goes on
    // (else a click on 收藏本题 and Enter would take the star back); one reached with Tab takes
    // its Enter itself.
    let pointerFocus = false;
    const onPointer = () => {
      pointerFocus = true;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') pointerFocus = false;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || document.querySelector('[role="dialog"]')) return;
      const k = keys.current;
      const field = inField(e.target);
      if (e.key === 'Enter') {
        if ((onControl(e.target) && !pointerFocus) || (e.target as HTMLElement)?.tagName === 'TEXTAREA') return;
        e.preventDefault();
        if (k.answered || k.recite) k.proceed();
        else k.submit();
        return;
      }
      if (field) return;
      if (e.key === 'ArrowLeft') k.go(k.seq - 1);
      else if (e.key === 'ArrowRight') k.go(k.seq + 1);
      else if (/^[a-hA-H]$/.test(e.key) && k.qu && !k.answered && !k.recite && CHOICE_TYPES.includes(k.qu.question.quType)) {
        const option = k.qu.question.answerList[e.key.toUpperCase().charCodeAt(0) - 65];
        if (!option) return;
        e.preventDefault();
        const chosen = k.draft.answers ?? [];
        const answers =
          k.qu.question.quType === QuType.MULTIPLE ? (chosen.includes(option.id) ? chosen.filter((id) => id !== option.id) : [...chosen, option.id]) : [option.id];
        setError('');
        setDrafts((d) => ({ ...d, [k.seq]: { answers } }));
      }
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);

  const answerCard = <AnswerCard items={items} current={seq} onJump={go} />;
  const self = selfAssessedText(training);
  const figures = (
    <Typography variant="body2" color="text.secondary">
      已答 {training.answered}/{total} · 答对 {judged(training).right} · 答错 {wrong} · 正确率 {accuracy(training)}
      {self && ` · ${self}`}
      {training.pending > 0 && ` · 待自评 ${training.pending} 题`}
    </Typography>
  );

  return (
    <>
      <Card sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, minWidth: 0 }}>
              <Typography component="h1" sx={{ fontWeight: 600, fontSize: { xs: 16, sm: 18 }, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: { sm: 'nowrap' } }}>
                {training.repoTitle || '收藏练习'}
              </Typography>
              <Chip size="small" color="primary" variant="outlined" label={trainingLabel(training)} sx={{ flexShrink: 0 }} />
            </Stack>
            {!recite && <Box sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>{figures}</Box>}
          </Box>
          <Button variant="outlined" size="small" onClick={end} sx={{ flexShrink: 0 }}>
            {recite ? '退出背题' : '结束练习'}
          </Button>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={total ? ((recite ? seq : training.answered) * 100) / total : 0}
          aria-label={recite ? `第${seq}题，共${total}题` : `已答 ${training.answered} / ${total}`}
          sx={{ mt: 1.5, height: 6, borderRadius: 3 }}
        />
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        {/* overflow visible: a combined question's material stays in view (sticky) beside its parts. */}
        <Card component="section" aria-label="当前试题" sx={{ p: { xs: 2, sm: 3 }, overflow: 'visible' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>
              第 {seq} 题<Typography component="span" color="text.secondary"> / 共 {total} 题</Typography>
            </Typography>
            {qu && <Chip size="small" label={QuType.label(qu.question.quType)} />}
            {recite && <Chip size="small" color="info" variant="outlined" label="背题模式" />}
            <Box sx={{ flex: 1 }} />
            <IconButton aria-label="答题卡" onClick={() => setCardOpen(true)} sx={{ display: { md: 'none' } }}>
              <GridView />
            </IconButton>
            {qu && (
              <Tooltip title={qu.favorite ? '取消收藏' : '收藏本题'}>
                <span>
                  <IconButton
                    aria-label={qu.favorite ? '取消收藏' : '收藏本题'}
                    aria-pressed={qu.favorite}
                    disabled={favorite.isPending}
                    onClick={() => favorite.mutate({ quId: qu.question.quId, favorite: !qu.favorite })}
                    sx={{ color: qu.favorite ? 'warning.main' : 'text.secondary' }}
                  >
                    {qu.favorite ? <Star /> : <StarBorder />}
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Stack>
          <QueryState query={query}>
            {(data) => (
              <Stack spacing={2}>
                {data.feedback ? (
                  <>
                    <Verdict qu={data} recite={recite} />
                    {data.feedback.subs && !recite ? (
                      <CombinedFeedback question={data.feedback.question} answer={data.answer} subs={data.feedback.subs} />
                    ) : (
                      <QuestionReview question={data.feedback.question} answer={recite ? null : (data.answer ?? drafts[seq])} subAnswers={subAnswersOf(data, subDrafts[seq])} />
                    )}
                    {!recite && data.feedback.assessment === 'pending' && (
                      <SelfAssess
                        pending={assess.isPending}
                        onAssess={(right) => assess.mutate({ sequence: data.sequence, quId: data.question.quId, right })}
                      />
                    )}
                  </>
                ) : (
                  <QuestionAnswer
                    qu={data.question}
                    value={drafts[seq] ?? {}}
                    onChange={(v) => {
                      setError('');
                      setDrafts((d) => ({ ...d, [seq]: v }));
                    }}
                    subValues={subDrafts[seq] ?? {}}
                    onSubChange={(id, v) => {
                      setError('');
                      setSubDrafts((d) => ({ ...d, [seq]: { ...d[seq], [id]: v } }));
                    }}
                    disabled={fill.isPending}
                  />
                )}
                {error && (
                  <Alert severity="warning" role="alert">
                    {error}
                  </Alert>
                )}
                {data.feedback && !recite && training.answered >= total && (
                  <Alert
                    severity="success"
                    action={
                      <Button color="inherit" size="small" component={RouterLink} to={paths.repoResult.to(trainId)}>
                        查看结果
                      </Button>
                    }
                  >
                    本次练习的题目已全部答完
                  </Alert>
                )}
              </Stack>
            )}
          </QueryState>
          <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => go(seq - 1)} disabled={seq <= 1}>
              上一题
            </Button>
            <Box sx={{ flex: 1 }} />
            {!answered && !recite && seq < total && (
              <Button onClick={() => go(seq + 1)} disabled={!qu}>
                下一题
              </Button>
            )}
            {answered || recite ? (
              <Button variant="contained" disableElevation onClick={proceed}>
                {seq < total ? '下一题' : recite ? '退出背题' : '查看结果'}
              </Button>
            ) : (
              <Button variant="contained" disableElevation onClick={submit} disabled={!qu || fill.isPending}>
                {fill.isPending ? '提交中…' : '提交答案'}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2, display: { xs: 'none', md: 'block' } }}>
            快捷键：A–H 选择选项，Enter 提交或进入下一题，← → 切换题目
          </Typography>
        </Card>
        <Card component="aside" aria-label="答题卡面板" sx={{ p: 2, display: { xs: 'none', md: 'block' }, position: 'sticky', top: 80 }}>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>答题卡</Typography>
          {!recite && <Box sx={{ mb: 1.5 }}>{figures}</Box>}
          {answerCard}
        </Card>
      </Box>
      <Dialog open={cardOpen} onClose={() => setCardOpen(false)} fullWidth maxWidth="xs" aria-labelledby="answer-card-title">
        <DialogTitle id="answer-card-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
          <Box sx={{ flex: 1 }}>答题卡</Box>
          <IconButton aria-label="关闭" onClick={() => setCardOpen(false)}>
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {!recite && <Box sx={{ mb: 1.5 }}>{figures}</Box>}
          {answerCard}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmEnd}
        title="结束练习"
        message={`还有 ${unanswered} 题未作答。进度已保存，之后可以继续练习。确定结束并查看结果吗？`}
        confirmText="查看结果"
        onConfirm={() => navigate(paths.repoResult.to(trainId))}
        onClose={() => setConfirmEnd(false)}
      />
    </>
  );
}

/** Starts (or continues) the training the address asks for, then puts its id in the address. */
function Starter({ body }: { body: StartBody }) {
  const navigate = useNavigate();
  const query = useStartQuery(body);
  const trainId = query.data?.trainId;
  useEffect(() => {
    if (trainId) navigate(paths.repoTraining.to(body.repoId, body.mode, { trainId }), { replace: true });
  }, [trainId, navigate, body.repoId, body.mode]);
  if (query.isError) {
    return (
      <Card>
        <EmptyState
          text={loadErrorText(query.error)}
          action={
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
              <Button variant="outlined" component={RouterLink} to={paths.repoView.to(body.repoId)}>
                返回题库
              </Button>
              <Button variant="contained" disableElevation onClick={() => void query.refetch()} disabled={query.isFetching}>
                重试
              </Button>
            </Stack>
          }
        />
      </Card>
    );
  }
  return <LoadingScreen />;
}

function Training({ trainId }: { trainId: string }) {
  const card = useTrainingCard(trainId);
  return <QueryState query={card}>{(data) => <TrainingView key={trainId} trainId={trainId} card={data} />}</QueryState>;
}

/**
 * /web/repo/training/{repoId}/{mode}: one question at a time with instant feedback from the server,
 * an answer card, favourites and keyboard shortcuts. Without ?trainId it starts (or continues) the
 * training first, with ?quType, ?tag or ?fromTrainId as the mode needs.
 */
export function TrainingPage() {
  const { repoId = '', mode: rawMode } = useParams();
  const [search] = useSearchParams();
  const trainId = search.get('trainId') ?? '';
  const mode = Number(rawMode);
  const quType = Number(search.get('quType'));
  const body: StartBody | null = PracticeMode.has(mode)
    ? {
        repoId,
        mode,
        ...(QuType.has(quType) ? { quType } : {}),
        ...(search.get('tag') ? { tag: search.get('tag')! } : {}),
        ...(search.get('fromTrainId') ? { fromTrainId: search.get('fromTrainId')! } : {}),
      }
    : null;
  return (
    <PageContainer>
      <Link component={RouterLink} to={paths.repoView.to(repoId)} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
        <ArrowBack fontSize="small" /> 返回题库
      </Link>
      {trainId ? (
        <Training trainId={trainId} />
      ) : body ? (
        <Starter body={body} />
      ) : (
        <Card>
          <EmptyState text="练习模式不正确" action={<Button component={RouterLink} to={paths.repoView.to(repoId)}>返回题库</Button>} />
        </Card>
      )}
    </PageContainer>
  );
}
