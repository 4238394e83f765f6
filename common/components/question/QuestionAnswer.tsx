import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import type { AnswerInput, QuPublic } from '../../api/qu';
import { QuType } from '../../codes';
import { MaterialBeside } from './Material';
import { QuStem } from './QuStem';
import { optionLetter } from './letters';

/** A question as the learner sees it (a paper or training question, or one sub-question of a combined one). */
export type AnswerableQu = Omit<QuPublic, 'subList' | 'quId'> & { quId: string; subList?: QuPublic['subList']; share?: number };

export interface QuestionAnswerProps {
  qu: AnswerableQu;
  value: AnswerInput;
  onChange: (value: AnswerInput) => void;
  disabled?: boolean;
  /** A combined question's sub-question answers, by sub quId. */
  subValues?: Record<string, AnswerInput>;
  onSubChange?: (quId: string, value: AnswerInput) => void;
  /** Called with the pasted text's length when a paste is blocked (the page records the attempt). */
  onPasteBlocked?: () => void;
  blockPaste?: boolean;
}

/**
 * A question answered in its natural control: radio (single, true/false), checkboxes (multiple),
 * inputs inside the stem (fill in the blank), a plain textarea (short answer), one select per
 * left item (matching), and a combined question's material above its sub-questions. Controlled:
 * every change goes to onChange; saving is the page's business.
 */
export function QuestionAnswer(props: QuestionAnswerProps) {
  const { qu } = props;
  if (qu.quType === QuType.COMBINED) return <CombinedAnswer {...props} />;
  return (
    <Stack spacing={2}>
      {qu.quType === QuType.FILL ? <FillStem {...props} /> : <QuStem html={qu.content} />}
      <AnswerControl {...props} />
    </Stack>
  );
}

function AnswerControl(props: QuestionAnswerProps) {
  switch (props.qu.quType) {
    case QuType.SINGLE:
    case QuType.JUDGE:
    case QuType.MULTIPLE:
      return <ChoiceAnswer {...props} />;
    case QuType.SHORT:
      return <ShortAnswer {...props} />;
    case QuType.MATCH:
      return <MatchAnswer {...props} />;
    default:
      return null;
  }
}

const pasteGuard = ({ blockPaste, onPasteBlocked }: QuestionAnswerProps) =>
  blockPaste
    ? {
        onPaste: (e: { preventDefault(): void }) => {
          e.preventDefault();
          onPasteBlocked?.();
        },
      }
    : {};

function ChoiceAnswer({ qu, value, onChange, disabled }: QuestionAnswerProps) {
  const multiple = qu.quType === QuType.MULTIPLE;
  const chosen = new Set(value.answers ?? []);
  const toggle = (id: string) => {
    if (!multiple) return onChange({ answers: [id] });
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    // Keep the options' order, whatever order they were picked in.
    onChange({ answers: qu.answerList.map((o) => o.id).filter((o) => next.has(o)) });
  };
  const name = `qu-${qu.quId}`;
  return (
    <Stack spacing={1} role={multiple ? 'group' : 'radiogroup'} aria-label={multiple ? '选项（可多选）' : '选项'}>
      {qu.answerList.map((option, i) => {
        const checked = chosen.has(option.id);
        return (
          <Box
            key={option.id}
            component="label"
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1.5,
              px: 2,
              py: 1.25,
              border: 1,
              borderRadius: 2,
              borderColor: checked ? 'primary.main' : 'divider',
              bgcolor: checked ? 'rgba(25, 118, 210, 0.06)' : 'background.paper',
              cursor: disabled ? 'default' : 'pointer',
              '&:hover': disabled ? undefined : { borderColor: 'primary.light' },
              '&:focus-within': { outline: 2, outlineColor: 'primary.light', outlineOffset: 1 },
            }}
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              checked={checked}
              disabled={disabled}
              onChange={() => toggle(option.id)}
              style={{ marginTop: 6, width: 18, height: 18, flexShrink: 0 }}
              aria-label={`${optionLetter(i)}. ${stripTags(option.content)}`}
            />
            <Typography component="span" sx={{ fontWeight: 600, lineHeight: '30px', minWidth: 18 }}>
              {optionLetter(i)}.
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0, '& .rich-content': { fontSize: 15, lineHeight: '30px' }, '& .rich-content p': { my: 0 } }}>
              <QuStem html={option.content} />
              {option.image && <Box component="img" src={option.image} alt="" sx={{ maxWidth: '100%', maxHeight: 240, mt: 1 }} />}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

function ShortAnswer(props: QuestionAnswerProps) {
  const { value, onChange, disabled } = props;
  return (
    <OutlinedInput
      multiline
      minRows={5}
      maxRows={20}
      fullWidth
      placeholder="请在此输入你的答案"
      value={value.answer ?? ''}
      disabled={disabled}
      onChange={(e) => onChange({ answer: e.target.value })}
      inputProps={{ maxLength: 20_000, 'aria-label': '作答', ...pasteGuard(props) }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
}

function FillStem(props: QuestionAnswerProps) {
  const { qu, value, onChange, disabled } = props;
  const count = qu.blankCount;
  const blanks = Array.from({ length: count }, (_, i) => value.blanks?.[i] ?? '');
  const set = (i: number, text: string) => onChange({ blanks: blanks.map((b, j) => (j === i ? text : b)) });
  const input = (i: number) => (
    <input
      className="qu-blank"
      type="text"
      value={blanks[i]}
      disabled={disabled}
      maxLength={500}
      aria-label={`第${i + 1}空`}
      onChange={(e) => set(i, e.target.value)}
      {...pasteGuard(props)}
      style={{
        width: '9em',
        maxWidth: '60vw',
        font: 'inherit',
        padding: '2px 6px',
        border: 0,
        borderBottom: '2px solid #1976d2',
        background: 'rgba(25, 118, 210, 0.06)',
        outline: 'none',
      }}
    />
  );
  return <QuStem html={qu.content} renderBlank={(i) => (i < count ? input(i) : null)} />;
}

function MatchAnswer({ qu, value, onChange, disabled }: QuestionAnswerProps) {
  const pairs = new Map((value.pairs ?? []).map((p) => [p.leftId, p.rightId]));
  const set = (leftId: string, rightId: string) => {
    const next = new Map(pairs);
    if (rightId) next.set(leftId, rightId);
    else next.delete(leftId);
    onChange({ pairs: qu.leftList.filter((l) => next.has(l.id)).map((l) => ({ leftId: l.id, rightId: next.get(l.id)! })) });
  };
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {qu.rightList.map((r, i) => (
          <Chip key={r.id} variant="outlined" label={`${optionLetter(i)}. ${stripTags(r.content)}`} sx={{ maxWidth: '100%' }} />
        ))}
      </Box>
      {qu.leftList.map((left, i) => (
        <Box key={left.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography sx={{ flex: '1 1 200px', minWidth: 0 }}>
            {i + 1}. {stripTags(left.content)}
          </Typography>
          <NativeSelect
            value={pairs.get(left.id) ?? ''}
            disabled={disabled}
            onChange={(e) => set(left.id, e.target.value)}
            inputProps={{ 'aria-label': `第${i + 1}项的配对` }}
            sx={{ flex: '1 1 200px', minWidth: 160 }}
          >
            <option value="">请选择</option>
            {qu.rightList.map((r, j) => (
              <option key={r.id} value={r.id}>
                {optionLetter(j)}. {stripTags(r.content)}
              </option>
            ))}
          </NativeSelect>
        </Box>
      ))}
    </Stack>
  );
}

function CombinedAnswer(props: QuestionAnswerProps) {
  const { qu, subValues = {}, onSubChange, disabled } = props;
  const totalShare = (qu.subList ?? []).reduce((s, q) => s + q.share, 0) || 1;
  return (
    <MaterialBeside html={qu.content}>
      <Stack spacing={3}>
        {(qu.subList ?? []).map((sub, i) => (
          <Box key={sub.quId}>
            <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
              第{i + 1}小题 · {QuType.label(sub.quType)}（占本题 {Math.round((sub.share / totalShare) * 100)}%）
            </Typography>
            <QuestionAnswer
              {...props}
              qu={sub}
              value={subValues[sub.quId] ?? {}}
              onChange={(v) => onSubChange?.(sub.quId, v)}
              disabled={disabled}
            />
          </Box>
        ))}
      </Stack>
    </MaterialBeside>
  );
}

/** Option text for labels and selects (the HTML is sanitized; tags are only dropped here). */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** Whether an answer holds anything (the answer card's "answered"). */
export function hasAnswer(value: AnswerInput | undefined): boolean {
  if (!value) return false;
  return Boolean(
    value.answers?.length || value.answer?.trim() || value.blanks?.some((b) => b.trim()) || value.pairs?.length,
  );
}
