import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import { useTranslate } from 'react-admin';
import type { AnswerInput, QuBody, SubQu } from '../../../common/api';
import { QuType } from '../../../common/codes';
import { RichContent } from '../../../common/components/RichContent';
import { optionLetter, QuStem, stripTags } from '../../../common/components/question';

const RIGHT = '#2e7d32';
const WRONG = '#d32f2f';

/**
 * A question as administrators read it: the right answers marked and, when `answer` is given, the
 * learner's answer set against them (a paper's detail); without it, the question and its answers
 * alone (a preview). Every type, combined ones with their sub-questions.
 */
export function QuReadOnly({ question, answer, subAnswers }: { question: QuBody | SubQu; answer?: AnswerInput | null; subAnswers?: Array<AnswerInput | null | undefined> }) {
  const translate = useTranslate();
  const showGiven = answer !== undefined;
  const given = answer ?? {};
  let body: ReactNode = null;
  switch (question.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE: {
      const chosen = new Set(given.answers ?? []);
      const options = question.answerList ?? [];
      const letters = (pick: (o: (typeof options)[number]) => boolean) => options.map((o, i) => (pick(o) ? optionLetter(i) : '')).join('') || translate('examhall.papers.unanswered');
      body = (
        <Stack spacing={0.75}>
          {options.map((o, i) => {
            const mine = o.id !== undefined && chosen.has(o.id);
            const color = o.isRight ? RIGHT : mine ? WRONG : undefined;
            return (
              <Box key={o.id ?? i} data-right={o.isRight ? 'true' : undefined} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', px: 1.5, py: 0.5, border: 1, borderRadius: 1.5, borderColor: color ?? 'divider' }}>
                <Typography component="span" sx={{ fontWeight: 600, color, lineHeight: '26px' }}>
                  {optionLetter(i)}.
                </Typography>
                <Box sx={{ flex: 1, minWidth: 0, '& .rich-content': { fontSize: 14, lineHeight: '26px' }, '& .rich-content p': { my: 0 } }}>
                  <QuStem html={o.content} />
                </Box>
                {o.isRight ? <CheckCircleOutline fontSize="small" sx={{ color: RIGHT, mt: 0.5 }} titleAccess={translate('examhall.papers.rightOption')} /> : null}
                {!o.isRight && mine ? <HighlightOff fontSize="small" sx={{ color: WRONG, mt: 0.5 }} /> : null}
              </Box>
            );
          })}
          <Typography variant="body2">
            {translate('examhall.papers.rightAnswer')}：<b style={{ color: RIGHT }}>{letters((o) => o.isRight)}</b>
            {showGiven ? (
              <>
                {'\u3000'}
                {translate('examhall.papers.givenAnswer')}：<b>{letters((o) => o.id !== undefined && chosen.has(o.id))}</b>
              </>
            ) : null}
          </Typography>
        </Stack>
      );
      break;
    }
    case QuType.SHORT:
      body = (
        <Stack spacing={1}>
          {showGiven ? (
            <Labelled label={translate('examhall.papers.givenAnswer')}>
              <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} color={given.answer?.trim() ? 'text.primary' : 'text.secondary'}>
                {given.answer?.trim() ? given.answer : translate('examhall.papers.unanswered')}
              </Typography>
            </Labelled>
          ) : null}
          <Labelled label={translate('examhall.papers.refAnswer')}>
            <Box sx={{ '& .rich-content': { fontSize: 15, lineHeight: 1.7 }, '& .rich-content p': { my: 0.25 } }}>
              <RichContent html={question.refAnswer ?? ''} />
            </Box>
          </Labelled>
        </Stack>
      );
      break;
    case QuType.FILL: {
      const mine = given.blanks ?? [];
      body = (
        <Stack spacing={0.5}>
          {(question.blanks ?? []).map((b, i) => (
            <Typography key={i} variant="body2">
              {translate('examhall.papers.blank', { n: i + 1 })}
              {showGiven ? (
                <>
                  {'\u3000'}
                  {translate('examhall.papers.givenAnswer')}：<b>{mine[i]?.trim() || translate('examhall.papers.unanswered')}</b>
                </>
              ) : null}
              {'\u3000'}
              {translate('examhall.papers.rightAnswer')}：<b style={{ color: RIGHT }}>{b.answers.join(' / ')}</b>
            </Typography>
          ))}
        </Stack>
      );
      break;
    }
    case QuType.MATCH: {
      const rights = question.rightList ?? [];
      const label = (id: string | undefined) => {
        const i = rights.findIndex((r) => r.id === id);
        return i < 0 ? translate('examhall.papers.unanswered') : `${optionLetter(i)}. ${stripTags(rights[i].content)}`;
      };
      const mine = new Map((given.pairs ?? []).map((p) => [p.leftId, p.rightId]));
      body = (
        <Stack spacing={0.5}>
          {(question.leftList ?? []).map((l, i) => {
            const picked = l.id ? mine.get(l.id) : undefined;
            return (
              <Box key={l.id ?? i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                {showGiven ? picked === l.rightId ? <CheckCircleOutline fontSize="small" sx={{ color: RIGHT }} /> : <HighlightOff fontSize="small" sx={{ color: WRONG }} /> : null}
                <Typography variant="body2" sx={{ flex: '1 1 160px' }}>
                  {i + 1}. {stripTags(l.content)}
                </Typography>
                <Typography variant="body2" sx={{ flex: '2 1 240px' }}>
                  {showGiven ? (
                    <>
                      {translate('examhall.papers.givenAnswer')}：<b>{label(picked)}</b>
                      {'\u3000'}
                    </>
                  ) : null}
                  {translate('examhall.papers.rightAnswer')}：<b style={{ color: RIGHT }}>{label(l.rightId)}</b>
                </Typography>
              </Box>
            );
          })}
        </Stack>
      );
      break;
    }
    case QuType.COMBINED:
      body = (
        <Stack spacing={2} sx={{ pl: { xs: 1, sm: 2 }, borderLeft: 3, borderColor: 'divider' }}>
          {((question as QuBody).subList ?? []).map((s, i) => (
            <Box key={s.id ?? i}>
              <Typography variant="caption" color="text.secondary">
                ({i + 1})
              </Typography>
              <QuReadOnly question={s} answer={showGiven ? (subAnswers?.[i] ?? null) : undefined} />
            </Box>
          ))}
        </Stack>
      );
      break;
  }
  return (
    <Stack spacing={1.25}>
      <Box sx={{ '& .rich-content': { fontSize: 15, lineHeight: 1.7 }, '& .rich-content p': { my: 0.5 } }}>
        <QuStem
          html={question.content}
          renderBlank={
            question.quType === QuType.FILL
              ? (i) => (
                  <Box component="span" sx={{ px: 0.75, borderBottom: 2, borderColor: 'primary.main', fontWeight: 600 }}>
                    {showGiven ? (given.blanks?.[i]?.trim() || '\u3000\u3000') : `\u3000${i + 1}\u3000`}
                  </Box>
                )
              : undefined
          }
        />
      </Box>
      {body}
      {question.quType !== QuType.COMBINED && question.analysis && stripTags(question.analysis).trim() ? (
        <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1.5, borderLeft: 4, borderColor: 'primary.light' }}>
          <Typography variant="subtitle2">{translate('examhall.papers.analysis')}</Typography>
          <RichContent html={question.analysis} />
        </Box>
      ) : null}
    </Stack>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 0.25 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}
