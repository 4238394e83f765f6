import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AnswerInput, QuBody, SubQu } from '../../api/qu';
import { QuType } from '../../codes';
import { RichContent } from '../RichContent';
import { stripTags } from './QuestionAnswer';
import { Material } from './Material';
import { QuStem } from './QuStem';
import { optionLetter } from './letters';

export interface QuestionReviewProps {
  /** The question with its answers (as the paper or training holds it). */
  question: QuBody | SubQu;
  /** What the learner answered ({} when they left it empty); absent or null when there is no attempt to show (recite, a question looked up): then only the answer is shown. */
  answer?: AnswerInput | null;
  /** A combined question's sub-question answers, in subList order. */
  subAnswers?: Array<AnswerInput | null | undefined>;
  /** Hide the analysis (e.g. while it is not released). Default shown. */
  hideAnalysis?: boolean;
}

const RIGHT = '#2e7d32';
const WRONG = '#d32f2f';
/** An ideographic space between the parts of a line. */
const GAP = '\u3000';

/**
 * A question after it was answered: the right options marked, the learner's answer set against
 * them, the reference answer or accepted blanks, and the analysis. Only rendered where the
 * learner may see answers (results released, practice feedback, their wrong book).
 */
export function QuestionReview({ question, answer, subAnswers, hideAnalysis }: QuestionReviewProps) {
  const given = answer ?? undefined;
  let body: ReactNode;
  switch (question.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE:
      body = <ChoiceReview question={question} given={given} />;
      break;
    case QuType.SHORT:
      body = <ShortReview question={question} given={given} />;
      break;
    case QuType.FILL:
      body = <FillReview question={question} given={given} />;
      break;
    case QuType.MATCH:
      body = <MatchReview question={question} given={given} />;
      break;
    case QuType.COMBINED:
      body = <CombinedReview question={question as QuBody} subAnswers={subAnswers ?? []} attempted={answer != null} hideAnalysis={hideAnalysis} />;
      break;
  }
  return (
    <Stack spacing={2}>
      {question.quType !== QuType.FILL && question.quType !== QuType.COMBINED && <QuStem html={question.content} />}
      {body}
      {!hideAnalysis && question.quType !== QuType.COMBINED && <Analysis html={question.analysis ?? ''} />}
    </Stack>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function Analysis({ html }: { html: string }) {
  return (
    <Box sx={{ p: 2, bgcolor: 'grey.50', borderRadius: 2, borderLeft: 4, borderColor: 'primary.light' }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        答案解析
      </Typography>
      {html.trim() ? <RichContent html={html} /> : <Typography color="text.secondary">暂无解析</Typography>}
    </Box>
  );
}

type Given = { question: QuBody | SubQu; given: AnswerInput | undefined };

function ChoiceReview({ question, given }: Given) {
  const options = question.answerList ?? [];
  const chosen = new Set(given?.answers ?? []);
  const letters = (pick: (o: (typeof options)[number]) => boolean) =>
    options.map((o, i) => (pick(o) ? optionLetter(i) : '')).join('') || '未作答';
  return (
    <Stack spacing={1}>
      {options.map((o, i) => {
        const mine = o.id !== undefined && chosen.has(o.id);
        const color = o.isRight ? RIGHT : mine ? WRONG : undefined;
        return (
          <Box
            key={o.id ?? i}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', px: 2, py: 1, border: 1, borderRadius: 2, borderColor: color ?? 'divider' }}
            data-right={o.isRight ? 'true' : undefined}
            data-chosen={mine ? 'true' : undefined}
          >
            <Typography component="span" sx={{ fontWeight: 600, color, lineHeight: '28px' }}>
              {optionLetter(i)}.
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0, '& .rich-content': { fontSize: 15, lineHeight: '28px' }, '& .rich-content p': { my: 0 } }}>
              <QuStem html={o.content} />
              {o.image && <Box component="img" src={o.image} alt="" sx={{ maxWidth: '100%', maxHeight: 240, mt: 1 }} />}
              {o.analysis && (
                <Typography variant="body2" color="text.secondary">
                  {stripTags(o.analysis)}
                </Typography>
              )}
            </Box>
            {o.isRight && <CheckCircleOutline sx={{ color: RIGHT, mt: 0.5 }} titleAccess="正确选项" />}
            {!o.isRight && mine && <HighlightOff sx={{ color: WRONG, mt: 0.5 }} titleAccess="你选的错误选项" />}
          </Box>
        );
      })}
      <Typography variant="body2">
        正确答案：<b style={{ color: RIGHT }}>{letters((o) => o.isRight)}</b>
        {given && (
          <>
            {GAP}你的答案：<b>{letters((o) => o.id !== undefined && chosen.has(o.id))}</b>
          </>
        )}
      </Typography>
    </Stack>
  );
}

function ShortReview({ question, given }: Given) {
  return (
    <Stack spacing={1.5}>
      {given && (
        <Labelled label="你的答案">
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} color={given.answer?.trim() ? 'text.primary' : 'text.secondary'}>
            {given.answer?.trim() ? given.answer : '未作答'}
          </Typography>
        </Labelled>
      )}
      <Labelled label="参考答案">
        <RichContent html={question.refAnswer ?? ''} />
      </Labelled>
    </Stack>
  );
}

function FillReview({ question, given }: Given) {
  const blanks = question.blanks ?? [];
  const mine = given?.blanks ?? [];
  return (
    <Stack spacing={1.5}>
      <QuStem
        html={question.content}
        renderBlank={(i) => (
          <Box component="span" sx={{ px: 0.75, borderBottom: 2, borderColor: 'primary.main', fontWeight: 600 }}>
            {given ? mine[i]?.trim() || '\u3000\u3000' : blanks[i]?.answers[0] ?? '\u3000\u3000'}
          </Box>
        )}
      />
      <Stack spacing={0.5}>
        {blanks.map((b, i) => (
          <Typography key={i} variant="body2">
            第{i + 1}空{GAP}
            {given && (
              <>
                你的答案：<b>{mine[i]?.trim() || '未作答'}</b>
                {GAP}
              </>
            )}
            参考答案：
            <b style={{ color: RIGHT }}>{b.answers.join(' / ')}</b>
          </Typography>
        ))}
      </Stack>
    </Stack>
  );
}

function MatchReview({ question, given }: Given) {
  const rights = question.rightList ?? [];
  const letterOf = (id: string | undefined) => {
    const i = rights.findIndex((r) => r.id === id);
    return i < 0 ? '未作答' : `${optionLetter(i)}. ${stripTags(rights[i].content)}`;
  };
  const mine = new Map((given?.pairs ?? []).map((p) => [p.leftId, p.rightId]));
  return (
    <Stack spacing={1}>
      {(question.leftList ?? []).map((l, i) => {
        const picked = l.id ? mine.get(l.id) : undefined;
        const ok = picked === l.rightId;
        return (
          <Box key={l.id ?? i} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {!given ? null : ok ? <CheckCircleOutline sx={{ color: RIGHT }} fontSize="small" /> : <HighlightOff sx={{ color: WRONG }} fontSize="small" />}
            <Typography sx={{ flex: '1 1 160px' }}>
              {i + 1}. {stripTags(l.content)}
            </Typography>
            <Typography variant="body2" sx={{ flex: '2 1 240px' }}>
              {given && (
                <>
                  你的配对：<b>{letterOf(picked)}</b>
                  {GAP}
                </>
              )}
              正确：<b style={{ color: RIGHT }}>{letterOf(l.rightId)}</b>
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

function CombinedReview({
  question,
  subAnswers,
  attempted,
  hideAnalysis,
}: {
  question: QuBody;
  subAnswers: Array<AnswerInput | null | undefined>;
  attempted: boolean;
  hideAnalysis?: boolean;
}) {
  return (
    <Stack spacing={3}>
      <Material html={question.content} />
      {(question.subList ?? []).map((sub, i) => (
        <Box key={sub.id ?? i}>
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            第{i + 1}小题 · {QuType.label(sub.quType)}
          </Typography>
          <QuestionReview question={sub} answer={subAnswers[i] ?? (attempted ? {} : null)} hideAnalysis={hideAnalysis} />
        </Box>
      ))}
    </Stack>
  );
}
