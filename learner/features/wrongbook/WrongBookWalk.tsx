import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TaskAlt from '@mui/icons-material/TaskAlt';
import { Link as RouterLink } from 'react-router-dom';
import type { WrongBookCheck, WrongBookNext } from '../../../common/api/wrongBook';
import type { PracticeAnswer } from '../../../common/api/practiceAnswer';
import type { AnswerInput, QuBody } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { CombinedFeedback, CombinedVerdict, QuestionAnswer, QuestionReview, hasAnswer, hasShortPart } from '../../../common/components/question';
import { EmptyState } from '../../components/EmptyState';
import { loadErrorText } from '../../components/LoadError';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { checkWrong, useWrongNext } from './api/wrongBook';
import { WrongCountChip } from './WrongCountChip';

/**
 * Whether a verdict leaves the learner something to check against the reference: a short answer
 * (or short-answer part) counts as right once given, so the walk shows its reference before going on.
 */
const checkedByHand = (q: QuBody) => q.quType === QuType.SHORT || (q.quType === QuType.COMBINED && hasShortPart(q));

interface Tally {
  right: number;
  wrong: number;
}

type Result = 'right' | 'wrong';

/** A checked answer: the verdict, then the right answer and the analysis (a combined question's part by part). */
function Checked({ verdict, sent }: { verdict: WrongBookCheck; sent: PracticeAnswer }) {
  if (verdict.subs) {
    return (
      <Stack spacing={2}>
        <CombinedVerdict question={verdict.question} isRight={verdict.isRight} subs={verdict.subs} />
        <CombinedFeedback question={verdict.question} answer={sent} subs={verdict.subs} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {verdict.isRight ? (
        <Alert severity="info" role="status">
          已作答，请对照参考答案和解析自行检查
        </Alert>
      ) : (
        <Alert severity="error" role="status">
          回答错误，正确答案和解析如下
        </Alert>
      )}
      <QuestionReview question={verdict.question} answer={sent} />
    </Stack>
  );
}

/**
 * One question of the walk: answer, check, then (if wrong, or right but to be checked by hand) the
 * right answer and analysis before going on. `onNext`'s `straight` says it went on without showing them.
 */
function WalkStep({ step, examId, onNext, flash }: { step: WrongBookNext; examId: string; onNext: (result: Result, straight: boolean) => void; flash: string }) {
  const { question, item } = step;
  const [value, setValue] = useState<AnswerInput>({});
  const [subValues, setSubValues] = useState<Record<string, AnswerInput>>({});
  const [checked, setChecked] = useState<{ verdict: WrongBookCheck; sent: PracticeAnswer } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const combined = question.quType === QuType.COMBINED;

  const submit = async () => {
    // A combined question's parts go one by one (a part left empty is unanswered); any other question its own answer.
    const sent: PracticeAnswer = combined ? { subAnswers: question.subList.flatMap((s) => (hasAnswer(subValues[s.quId]) ? [{ subId: s.quId, ...subValues[s.quId] }] : [])) } : value;
    if (combined ? !sent.subAnswers?.length : !hasAnswer(value)) return setError('请先作答再提交');
    setError('');
    setBusy(true);
    try {
      const verdict = await checkWrong({ examId, quId: item.quId, ...sent });
      if (verdict.isRight && !checkedByHand(verdict.question)) onNext('right', true);
      else setChecked({ verdict, sent });
    } catch (e) {
      setError(loadErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    // overflow visible: a combined question's material stays in view (sticky) beside its parts.
    <Card component="section" aria-label="当前错题" sx={{ p: { xs: 2, sm: 3 }, overflow: 'visible' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>
          第 {step.index} 题<Typography component="span" color="text.secondary"> / 共 {step.total} 题</Typography>
        </Typography>
        <Chip size="small" label={QuType.label(question.quType)} />
        <WrongCountChip item={item} />
      </Stack>
      <LinearProgress
        variant="determinate"
        value={((step.index - 1) * 100) / step.total}
        aria-label={`第 ${step.index} 题，共 ${step.total} 题`}
        sx={{ mb: 2.5, height: 6, borderRadius: 3 }}
      />
      {flash && !checked && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {flash}
        </Alert>
      )}
      {checked ? (
        <Checked {...checked} />
      ) : (
        <QuestionAnswer
          qu={question}
          value={value}
          onChange={(v) => {
            setError('');
            setValue(v);
          }}
          subValues={subValues}
          onSubChange={(id, v) => {
            setError('');
            setSubValues((s) => ({ ...s, [id]: v }));
          }}
          disabled={busy}
        />
      )}
      {error && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center' }}>
        {/* The question's page shows its answer: offered only once this one is checked. */}
        {checked && (
          <Button size="small" component={RouterLink} to={paths.quView.to(item.quId)} target="_blank" rel="noopener">
            查看试题详情
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {checked ? (
          <Button variant="contained" disableElevation onClick={() => onNext(checked.verdict.isRight ? 'right' : 'wrong', false)}>
            {step.index < step.total ? '下一题' : '完成练习'}
          </Button>
        ) : (
          <Button variant="contained" disableElevation onClick={submit} disabled={busy}>
            {busy ? '提交中…' : '提交答案'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The practice walk through an exam's wrong book: the server hands out the questions one by one
 * (next after the last one), judges each answer as practice does (check; a combined question part
 * by part): right goes straight on, wrong shows the right answer and the analysis first, and so
 * does a right answer with a short answer in it, for the learner to check. Ends with how it went.
 */
export function WrongBookWalk({ examId, onExit }: { examId: string; onExit: () => void }) {
  const [after, setAfter] = useState('');
  const [tally, setTally] = useState<Tally>({ right: 0, wrong: 0 });
  const [flash, setFlash] = useState('');
  const query = useWrongNext(examId, after);

  const restart = () => {
    setTally({ right: 0, wrong: 0 });
    setFlash('');
    setAfter('');
  };

  return (
    <QueryState query={query}>
      {(step) => {
        if (step === null && after === '') {
          return (
            <Card>
              <EmptyState text="错题本里没有题目" action={<Button onClick={onExit}>返回错题本</Button>} />
            </Card>
          );
        }
        if (step === null) {
          return (
            <Card component="section" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} aria-label="练习完成">
              <TaskAlt color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography variant="h6" sx={{ mt: 1 }}>
                错题练习完成
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                本轮答对 {tally.right} 题，答错 {tally.wrong} 题
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
                <Button variant="contained" onClick={restart}>
                  再练一遍
                </Button>
                <Button variant="outlined" onClick={onExit}>
                  返回错题本
                </Button>
              </Stack>
            </Card>
          );
        }
        return (
          <WalkStep
            key={step.item.quId}
            step={step}
            examId={examId}
            flash={flash}
            onNext={(result, straight) => {
              setTally((t) => (result === 'right' ? { ...t, right: t.right + 1 } : { ...t, wrong: t.wrong + 1 }));
              setFlash(result === 'right' && straight ? '回答正确，继续下一题' : '');
              setAfter(step.item.quId);
            }}
          />
        );
      }}
    </QueryState>
  );
}
