import { Box, Button, Card, Chip, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslate } from 'react-admin';
import type { MarkItem } from '../../../common/api';
import { RichContent } from '../../../common/components/RichContent';

/** A score as typed, and the comment. */
export interface MarkDraft {
  score: string;
  comment: string;
}

/**
 * What is wrong with a typed score, as a message key with its arguments, or undefined: a number
 * from 0 to the question's score (two decimals at most, as the server keeps them).
 */
export function scoreError(value: string, max: number): { message: string; args?: Record<string, unknown> } | undefined {
  if (value.trim() === '') return { message: 'examhall.marking.v.score' };
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max || Math.round(n * 100) !== n * 100) return { message: 'examhall.marking.v.range', args: { max } };
  return undefined;
}

/** The first draft of an answer: its saved score, or 0 for an empty answer (a valid answer worth nothing). */
export function draftOf(item: MarkItem): MarkDraft {
  return { score: item.markScore !== null ? String(item.markScore) : item.answer.trim() === '' ? '0' : '', comment: item.comment };
}

/**
 * One short answer to mark: the question, the reference answer beside the learner's answer, the
 * score (bounded 0..question score) and a comment. `onSave` given: a 保存评分 button of its own.
 */
export function MarkItemCard({
  item,
  index,
  draft,
  onChange,
  showErrors,
  onSave,
  saving,
  heading,
}: {
  item: MarkItem;
  index: number;
  draft: MarkDraft;
  onChange: (d: MarkDraft) => void;
  showErrors: boolean;
  onSave?: () => void;
  saving?: boolean;
  heading?: string;
}) {
  const translate = useTranslate();
  const error = scoreError(draft.score, item.score);
  const shownError = showErrors ? error : draft.score.trim() !== '' ? error : undefined;
  const empty = item.answer.trim() === '';
  const label = heading ?? translate('examhall.marking.item', { n: index + 1 });
  return (
    <Card variant="outlined" component="article" aria-label={label} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle2">{label}</Typography>
        <Chip
          size="small"
          color={item.markScore === null ? 'warning' : 'success'}
          variant="outlined"
          label={item.markScore === null ? translate('examhall.marking.unsaved') : `${translate('examhall.marking.saved')} ${item.markScore}`}
        />
      </Stack>
      <Box sx={{ mb: 1.5, '& .rich-content': { fontSize: 15, lineHeight: 1.7 }, '& .rich-content p': { my: 0.5 } }}>
        <RichContent html={item.content} />
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0, p: 1.5, borderRadius: 1.5, bgcolor: 'action.hover' }}>
          <Typography variant="caption" color="text.secondary">
            {translate('examhall.marking.answer')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} color={empty ? 'text.secondary' : 'text.primary'} data-testid="mark-answer">
            {empty ? translate('examhall.marking.emptyAnswer') : item.answer}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, p: 1.5, borderRadius: 1.5, border: 1, borderColor: 'success.light' }}>
          <Typography variant="caption" color="text.secondary">
            {translate('examhall.marking.refAnswer')}
          </Typography>
          <Box sx={{ '& .rich-content': { fontSize: 14, lineHeight: 1.7 }, '& .rich-content p': { my: 0.25 } }}>
            <RichContent html={item.refAnswer} />
          </Box>
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
        <TextField
          size="small"
          type="number"
          label={translate('examhall.marking.score', { max: item.score })}
          value={draft.score}
          onChange={(e) => onChange({ ...draft, score: e.target.value })}
          error={Boolean(shownError)}
          helperText={shownError ? translate(shownError.message, shownError.args) : ' '}
          slotProps={{ htmlInput: { min: 0, max: item.score, step: 0.5 } }}
          sx={{ width: { xs: '100%', sm: 170 } }}
        />
        <TextField
          size="small"
          label={translate('examhall.marking.comment')}
          value={draft.comment}
          onChange={(e) => onChange({ ...draft, comment: e.target.value })}
          multiline
          maxRows={4}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ flex: 1 }}
        />
        {onSave ? (
          <Button variant="outlined" startIcon={<SaveIcon />} onClick={onSave} disabled={saving} sx={{ flexShrink: 0 }}>
            {translate('examhall.marking.save')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
