import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import EditNote from '@mui/icons-material/EditNote';
import type { PracticeAnswer, SubFeedback } from '../../api/practiceAnswer';
import type { QuBody, SubQu } from '../../api/qu';
import { QuType } from '../../codes';
import { RichContent } from '../RichContent';
import { hasAnswer } from './QuestionAnswer';
import { QuestionReview } from './QuestionReview';
import { MaterialBeside } from './Material';

/**
 * A combined question judged part by part where the learner gets a verdict at once (bank practice,
 * the wrong-book walk): the verdict line and the parts' marks, right answers and analyses.
 */

/** How a part's verdict reads: a short-answer part is only checked for an answer (the learner compares it with the reference). */
function partVerdict(sub: SubQu, verdict: SubFeedback | undefined, answered: boolean) {
  if (!answered) return { label: '未作答', color: 'error', icon: <Cancel /> } as const;
  if (sub.quType === QuType.SHORT) return { label: '已作答，请自查', color: 'info', icon: <EditNote /> } as const;
  return verdict?.isRight ? ({ label: '答对', color: 'success', icon: <CheckCircle /> } as const) : ({ label: '答错', color: 'error', icon: <Cancel /> } as const);
}

/** Whether a combined question's verdict leaves something to check by hand: one of its parts is a short answer. */
export const hasShortPart = (question: QuBody) => (question.subList ?? []).some((s) => s.quType === QuType.SHORT);

/** The verdict on a combined question as a whole: every part right, or how many of them. */
export function CombinedVerdict({ question, isRight, subs }: { question: QuBody; isRight: boolean; subs: SubFeedback[] }) {
  const right = subs.filter((s) => s.isRight).length;
  return isRight ? (
    <Alert severity="success" role="status">
      回答正确，{subs.length} 个小题全部答对{hasShortPart(question) ? '。简答小题请对照参考答案自行检查' : ''}
    </Alert>
  ) : (
    <Alert severity="error" role="status">
      答对 {right}/{subs.length} 个小题，请看下方各小题的正确答案和解析
    </Alert>
  );
}

/**
 * A combined question after it was answered: the material where the answering view has it, then
 * each part with the server's verdict on it, the learner's answer against the right one and the
 * part's analysis (the exams' QuestionReview of that part), then the question's own analysis.
 */
export function CombinedFeedback({ question, answer, subs }: { question: QuBody; answer: PracticeAnswer | null; subs: SubFeedback[] }) {
  const given = new Map((answer?.subAnswers ?? []).map(({ subId, ...a }) => [subId, a]));
  const verdicts = new Map(subs.map((s) => [s.subId, s]));
  const parts = question.subList ?? [];
  return (
    <Stack spacing={3}>
      <MaterialBeside html={question.content}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {parts.map((sub, i) => {
            const mine = sub.id === undefined ? undefined : given.get(sub.id);
            const v = partVerdict(sub, sub.id === undefined ? undefined : verdicts.get(sub.id), hasAnswer(mine));
            const name = `第${i + 1}小题`;
            return (
              <Box
                key={sub.id ?? i}
                component="section"
                aria-label={name}
                sx={{ p: { xs: 1.5, sm: 2 }, border: 1, borderRadius: 2, borderColor: `${v.color}.light`, minWidth: 0 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1.5 }}>
                  <Typography variant="subtitle2" color="text.secondary">
                    {name} · {QuType.label(sub.quType)}
                  </Typography>
                  <Chip size="small" variant="outlined" color={v.color} icon={v.icon} label={v.label} />
                </Stack>
                <QuestionReview question={sub} answer={mine ?? {}} />
              </Box>
            );
          })}
        </Stack>
      </MaterialBeside>
      {question.analysis?.trim() && (
        <Box sx={{ p: 2, bgcolor: 'grey.50', borderRadius: 2, borderLeft: 4, borderColor: 'primary.light' }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            整体解析
          </Typography>
          <RichContent html={question.analysis} />
        </Box>
      )}
    </Stack>
  );
}
