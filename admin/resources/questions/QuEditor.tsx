import { useMemo, type ReactNode } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import CloseIcon from '@mui/icons-material/Close';
import SpaceBarIcon from '@mui/icons-material/SpaceBar';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { QU_LIMITS, quApi, type FillOptions, type ImportIssue, type QuBody, type SubQu } from '../../../common/api';
import { QuLevel, QuType, type CodeOf } from '../../../common/codes';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { useCodeLabel } from '../shared/labels';
import { RichTextEditor } from '../shared/RichTextInput';
import { BlankNode, blankStyles } from './BlankNode';
import {
  issuesAt,
  newItemId,
  newSub,
  nextBlankNumber,
  optionLetter,
  SUB_TYPES,
  switchQuestionType,
  switchType,
  withStem,
  type AnswerParts,
  type QuTypeValue,
  type SubTypeValue,
} from './quModel';

const BLANK_EXTENSIONS = [BlankNode];

/**
 * How every part of the editor reports a change: as an update of the latest question (React's
 * setState takes it as is), never as a whole question built from the one it last rendered. Two
 * edits that land before a re-render (a render React yields halfway under load, a batch) would
 * otherwise each start from the same old question, and the later one would drop the earlier.
 */
export type QuChange<T> = (update: (q: T) => T) => void;

/** Messages under a field (shown once the administrator has tried to save). */
function Problems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Box role="alert" sx={{ mt: 0.5 }}>
      {messages.map((m, i) => (
        <FormHelperText key={i} error>
          {m}
        </FormHelperText>
      ))}
    </Box>
  );
}

function SectionTitle({ children, required = false }: { children: ReactNode; required?: boolean }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 0.75 }}>
      {children}
      {required ? <Box component="span" sx={{ color: 'error.main', ml: 0.25 }}>*</Box> : null}
    </Typography>
  );
}

/** Move item `i` of a list by `delta` places. */
function moved<T>(list: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

function OrderButtons({ i, count, onMove, onRemove, removeLabel, canRemove = true }: { i: number; count: number; onMove: (delta: number) => void; onRemove?: () => void; removeLabel: string; canRemove?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ flexShrink: 0 }}>
      <Tooltip title={translate('examhall.quEditor.moveUp')}>
        <span>
          <IconButton size="small" aria-label={translate('examhall.quEditor.moveUp')} disabled={i === 0} onClick={() => onMove(-1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('examhall.quEditor.moveDown')}>
        <span>
          <IconButton size="small" aria-label={translate('examhall.quEditor.moveDown')} disabled={i === count - 1} onClick={() => onMove(1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {onRemove ? (
        <Tooltip title={removeLabel}>
          <span>
            <IconButton size="small" aria-label={removeLabel} disabled={!canRemove} onClick={onRemove}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

// ---------- stem ----------

/** The stem (or a combined question's material); for fill-in, with 插入填空. */
function StemEditor<T extends AnswerParts>({ q, onChange, label, compact = false, problems }: { q: T; onChange: QuChange<T>; label: string; compact?: boolean; problems: string[] }) {
  const translate = useTranslate();
  const fill = q.quType === QuType.FILL;
  return (
    <Box sx={blankStyles}>
      <RichTextEditor
        value={q.content}
        onChange={(html) => onChange((cur) => withStem(cur, html))}
        uploadKind="question"
        label={
          <>
            {label}
            <Box component="span" sx={{ color: 'error.main', ml: 0.25 }}>
              *
            </Box>
          </>
        }
        ariaLabel={label}
        error={problems.length > 0}
        compact={compact}
        extensions={BLANK_EXTENSIONS}
        toolbarExtra={
          fill
            ? (editor) => (
                <Button
                  size="small"
                  startIcon={<SpaceBarIcon />}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    const html = editor.isEmpty ? '' : editor.getHTML();
                    editor.chain().focus().insertContent({ type: BlankNode.name, attrs: { n: nextBlankNumber(html) } }).run();
                  }}
                  disabled={(q.blanks ?? []).length >= QU_LIMITS.blanks}
                >
                  {translate('examhall.quEditor.insertBlank')}
                </Button>
              )
            : undefined
        }
      />
      <Problems messages={problems} />
    </Box>
  );
}

// ---------- answers by type ----------

interface PartsProps<T extends AnswerParts> {
  q: T;
  onChange: QuChange<T>;
  /** Issues of this question (or sub-question), with fields relative to it. */
  issues: ImportIssue[];
}

function ChoiceEditor<T extends AnswerParts>({ q, onChange, issues }: PartsProps<T>) {
  const translate = useTranslate();
  const options = q.answerList ?? [];
  const judge = q.quType === QuType.JUDGE;
  const multiple = q.quType === QuType.MULTIPLE;
  const set = (update: (list: typeof options) => typeof options) => onChange((cur) => ({ ...cur, answerList: update(cur.answerList ?? []) }));
  const toggleRight = (i: number) =>
    onChange((cur) => ({
      ...cur,
      answerList: (cur.answerList ?? []).map((o, j) => (cur.quType === QuType.MULTIPLE ? (j === i ? { ...o, isRight: !o.isRight } : o) : { ...o, isRight: j === i })),
    }));
  return (
    <Box>
      <SectionTitle required>{translate('examhall.quEditor.options')}</SectionTitle>
      {judge ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('examhall.quEditor.judgeHint')}
        </Typography>
      ) : null}
      <Stack spacing={1} role={multiple ? 'group' : 'radiogroup'} aria-label={translate('examhall.quEditor.rightAnswer')}>
        {options.map((o, i) => {
          const letter = optionLetter(i);
          const label = translate('examhall.quEditor.optionLabel', { letter });
          const own = issuesAt(issues, `answerList.${i}`);
          // An imported single choice may come with several right options; a radio already on fires
          // no change, so choosing one of them must still make it the only right one.
          const othersRight = options.some((x, j) => j !== i && x.isRight);
          const control = multiple ? (
            <Checkbox checked={o.isRight} onChange={() => toggleRight(i)} inputProps={{ 'aria-label': `${label} ${translate('examhall.quEditor.rightAnswer')}` }} />
          ) : (
            <Radio
              checked={o.isRight}
              onChange={() => toggleRight(i)}
              onClick={o.isRight && othersRight ? () => toggleRight(i) : undefined}
              inputProps={{ 'aria-label': `${label} ${translate('examhall.quEditor.rightAnswer')}` }}
            />
          );
          return (
            <Stack key={o.id ?? i} direction="row" spacing={1} alignItems="flex-start">
              <Stack alignItems="center" sx={{ width: 40, flexShrink: 0, pt: judge ? 0 : 1.5 }}>
                <Typography variant="subtitle2">{letter}</Typography>
                {control}
              </Stack>
              {judge ? (
                <Typography sx={{ pt: 1.25, flex: 1 }}>{o.content}</Typography>
              ) : (
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <RichTextEditor
                    compact
                    value={o.content}
                    onChange={(html) => set((list) => list.map((x, j) => (j === i ? { ...x, content: html } : x)))}
                    uploadKind="question"
                    ariaLabel={label}
                    error={own.length > 0}
                  />
                  <Problems messages={own} />
                </Box>
              )}
              {judge ? null : (
                <Box sx={{ pt: 1 }}>
                  <OrderButtons
                    i={i}
                    count={options.length}
                    onMove={(d) => set((list) => moved(list, i, d))}
                    onRemove={() => set((list) => list.filter((_x, j) => j !== i))}
                    removeLabel={translate('examhall.quEditor.removeOption')}
                  />
                </Box>
              )}
            </Stack>
          );
        })}
      </Stack>
      {judge ? null : (
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          disabled={options.length >= QU_LIMITS.options}
          onClick={() => set((list) => [...list, { id: newItemId(), content: '', isRight: false }])}
        >
          {translate('examhall.quEditor.addOption')}
        </Button>
      )}
      <Problems messages={issuesAt(issues, 'answerList', true)} />
    </Box>
  );
}

function ShortEditor<T extends AnswerParts>({ q, onChange, issues }: PartsProps<T>) {
  const translate = useTranslate();
  const own = issuesAt(issues, 'refAnswer');
  return (
    <Box>
      <RichTextEditor
        compact
        value={q.refAnswer ?? ''}
        onChange={(html) => onChange((cur) => ({ ...cur, refAnswer: html }))}
        uploadKind="question"
        label={translate('examhall.quEditor.refAnswer')}
        ariaLabel={translate('examhall.quEditor.refAnswer')}
        error={own.length > 0}
      />
      <FormHelperText>{translate('examhall.quEditor.refAnswerHint')}</FormHelperText>
      <Problems messages={own} />
    </Box>
  );
}

const FILL_SWITCHES: Array<keyof FillOptions> = ['ignoreCase', 'ignoreWidth', 'ignoreSpace', 'anyOrder'];

function FillEditor<T extends AnswerParts>({ q, onChange, issues }: PartsProps<T>) {
  const translate = useTranslate();
  const blanks = q.blanks ?? [];
  const options = { ...q.fillOptions } as FillOptions;
  const setAnswers = (i: number, update: (answers: string[]) => string[]) =>
    onChange((cur) => ({ ...cur, blanks: (cur.blanks ?? []).map((b, j) => (j === i ? { answers: update(b.answers) } : b)) }));
  return (
    <Box>
      <SectionTitle required>{translate('examhall.quEditor.blanks')}</SectionTitle>
      {blanks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('examhall.quEditor.noBlanks')}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {blanks.map((b, i) => {
            const label = translate('examhall.quEditor.blankLabel', { n: i + 1 });
            const own = issuesAt(issues, `blanks.${i}`);
            return (
              <Box key={i} role="group" aria-label={label}>
                <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {label}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {translate('examhall.quEditor.blankAlternatives')}
                  </Typography>
                </Typography>
                <Stack direction="row" flexWrap="wrap" useFlexGap gap={1} alignItems="center">
                  {b.answers.map((a, k) => (
                    <TextField
                      key={k}
                      size="small"
                      value={a}
                      error={own.length > 0}
                      onChange={(e) => {
                        const value = e.target.value;
                        setAnswers(i, (list) => list.map((x, j) => (j === k ? value : x)));
                      }}
                      slotProps={{
                        htmlInput: { 'aria-label': `${label} ${translate('examhall.quEditor.alternative')} ${k + 1}`, maxLength: QU_LIMITS.blankAnswer },
                        input: {
                          endAdornment:
                            b.answers.length > 1 ? (
                              <IconButton size="small" edge="end" aria-label={translate('examhall.quEditor.removeAlternative')} onClick={() => setAnswers(i, (list) => list.filter((_x, j) => j !== k))}>
                                <CloseIcon fontSize="small" />
                              </IconButton>
                            ) : undefined,
                        },
                      }}
                      sx={{ width: { xs: '100%', sm: 200 } }}
                    />
                  ))}
                  <Button size="small" startIcon={<AddIcon />} disabled={b.answers.length >= QU_LIMITS.alternatives} onClick={() => setAnswers(i, (list) => [...list, ''])}>
                    {translate('examhall.quEditor.addAlternative')}
                  </Button>
                </Stack>
                <Problems messages={own} />
              </Box>
            );
          })}
        </Stack>
      )}
      <Problems messages={issuesAt(issues, 'blanks', true)} />
      <Stack direction="row" flexWrap="wrap" useFlexGap columnGap={2} sx={{ mt: 1 }}>
        {FILL_SWITCHES.map((key) => (
          <FormControlLabel
            key={key}
            control={<Switch size="small" checked={options[key]} onChange={(_e, checked) => onChange((cur) => ({ ...cur, fillOptions: { ...(cur.fillOptions as FillOptions), [key]: checked } }))} />}
            label={translate(`examhall.quEditor.${key}`)}
          />
        ))}
      </Stack>
    </Box>
  );
}

function MatchEditor<T extends AnswerParts>({ q, onChange, issues }: PartsProps<T>) {
  const translate = useTranslate();
  const left = q.leftList ?? [];
  const right = q.rightList ?? [];
  const used = new Set(left.map((l) => l.rightId));
  const setLeft = (update: (list: typeof left) => typeof left) => onChange((cur) => ({ ...cur, leftList: update(cur.leftList ?? []) }));
  const setRight = (update: (list: typeof right) => typeof right) => onChange((cur) => ({ ...cur, rightList: update(cur.rightList ?? []) }));
  const snippet = (html: string) => {
    const text = html.replace(/<[^>]*>/g, '').trim();
    return text.length > 16 ? `${text.slice(0, 16)}…` : text;
  };
  return (
    <Stack spacing={2}>
      <Box>
        <SectionTitle required>{translate('examhall.quEditor.leftItems')}</SectionTitle>
        <Stack spacing={1}>
          {left.map((l, i) => {
            const label = translate('examhall.quEditor.leftLabel', { n: i + 1 });
            const own = issuesAt(issues, `leftList.${i}`);
            return (
              <Stack key={l.id ?? i} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
                <Typography variant="body2" sx={{ width: 72, flexShrink: 0, pt: { sm: 1.5 } }}>
                  {label}
                </Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <RichTextEditor
                    compact
                    value={l.content}
                    onChange={(html) => setLeft((list) => list.map((x, j) => (j === i ? { ...x, content: html } : x)))}
                    uploadKind="question"
                    ariaLabel={label}
                    error={issuesAt(issues, `leftList.${i}.content`).length > 0}
                  />
                  <Problems messages={own} />
                </Box>
                <TextField
                  select
                  size="small"
                  label={translate('examhall.quEditor.matchTo')}
                  value={right.some((r) => r.id === l.rightId) ? l.rightId : ''}
                  error={issuesAt(issues, `leftList.${i}.rightId`).length > 0}
                  onChange={(e) => {
                    const rightId = e.target.value;
                    setLeft((list) => list.map((x, j) => (j === i ? { ...x, rightId } : x)));
                  }}
                  sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0, mt: { sm: 1 } }}
                  // The picker is named after its left item (MUI would name it by the field label and the
                  // chosen value alone, the same for every row).
                  slotProps={{ select: { SelectDisplayProps: { 'aria-label': `${label} ${translate('examhall.quEditor.matchTo')}`, 'aria-labelledby': undefined } } }}
                >
                  {right.map((r, k) => (
                    <MenuItem key={r.id} value={r.id}>
                      {translate('examhall.quEditor.rightLabel', { n: k + 1 })}
                      {snippet(r.content) ? `：${snippet(r.content)}` : ''}
                    </MenuItem>
                  ))}
                </TextField>
                <Box sx={{ pt: { sm: 1 } }}>
                  <OrderButtons
                    i={i}
                    count={left.length}
                    onMove={(d) => setLeft((list) => moved(list, i, d))}
                    onRemove={() => setLeft((list) => list.filter((_x, j) => j !== i))}
                    removeLabel={translate('examhall.quEditor.removeItem')}
                  />
                </Box>
              </Stack>
            );
          })}
        </Stack>
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          disabled={left.length >= QU_LIMITS.matchItems || right.length >= QU_LIMITS.matchRight}
          onClick={() => {
            const r = { id: newItemId(), content: '' };
            onChange((cur) => ({ ...cur, rightList: [...(cur.rightList ?? []), r], leftList: [...(cur.leftList ?? []), { id: newItemId(), content: '', rightId: r.id }] }));
          }}
        >
          {translate('examhall.quEditor.addPair')}
        </Button>
        <Problems messages={issuesAt(issues, 'leftList', true)} />
      </Box>
      <Box>
        <SectionTitle required>{translate('examhall.quEditor.rightItems')}</SectionTitle>
        <Stack spacing={1}>
          {right.map((r, i) => {
            const label = translate('examhall.quEditor.rightLabel', { n: i + 1 });
            const own = issuesAt(issues, `rightList.${i}`);
            return (
              <Stack key={r.id} direction="row" spacing={1} alignItems="flex-start">
                <Stack sx={{ width: 72, flexShrink: 0, pt: 1 }} spacing={0.5}>
                  <Typography variant="body2">{label}</Typography>
                  {used.has(r.id) ? null : <Chip size="small" label={translate('examhall.quEditor.distractor')} sx={{ alignSelf: 'flex-start' }} />}
                </Stack>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <RichTextEditor
                    compact
                    value={r.content}
                    onChange={(html) => setRight((list) => list.map((x, j) => (j === i ? { ...x, content: html } : x)))}
                    uploadKind="question"
                    ariaLabel={label}
                    error={own.length > 0}
                  />
                  <Problems messages={own} />
                </Box>
                <Box sx={{ pt: 1 }}>
                  <OrderButtons
                    i={i}
                    count={right.length}
                    onMove={(d) => setRight((list) => moved(list, i, d))}
                    onRemove={() =>
                      onChange((cur) => ({
                        ...cur,
                        rightList: (cur.rightList ?? []).filter((_x, j) => j !== i),
                        leftList: (cur.leftList ?? []).map((l) => (l.rightId === r.id ? { ...l, rightId: '' } : l)),
                      }))
                    }
                    removeLabel={translate('examhall.quEditor.removeItem')}
                  />
                </Box>
              </Stack>
            );
          })}
        </Stack>
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          disabled={right.length >= QU_LIMITS.matchRight}
          onClick={() => setRight((list) => [...list, { id: newItemId(), content: '' }])}
        >
          {translate('examhall.quEditor.addDistractor')}
        </Button>
        <Problems messages={issuesAt(issues, 'rightList', true)} />
      </Box>
    </Stack>
  );
}

function AnswerEditor<T extends AnswerParts>(props: PartsProps<T>) {
  switch (props.q.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE:
      return <ChoiceEditor {...props} />;
    case QuType.SHORT:
      return <ShortEditor {...props} />;
    case QuType.FILL:
      return <FillEditor {...props} />;
    case QuType.MATCH:
      return <MatchEditor {...props} />;
    default:
      return null;
  }
}

/** Issues of sub-question i, with its prefix removed (so the sub-question's editors read them as their own). */
const subIssues = (issues: ImportIssue[], i: number) =>
  issues.filter((x) => x.field.startsWith(`subList.${i}.`)).map((x) => ({ ...x, field: x.field.slice(`subList.${i}.`.length) }));

function SubEditor({ sub, i, count, onChange, onMove, onRemove, issues }: { sub: SubQu; i: number; count: number; onChange: QuChange<SubQu>; onMove: (d: number) => void; onRemove: () => void; issues: ImportIssue[] }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const own = subIssues(issues, i);
  const label = translate('examhall.quEditor.subLabel', { n: i + 1 });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} role="group" aria-label={label}>
      <Stack direction="row" alignItems="center" flexWrap="wrap" useFlexGap gap={1.5} sx={{ mb: 1.5 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('examhall.quEditor.quType')}
          value={sub.quType}
          onChange={(e) => {
            const type = Number(e.target.value) as SubTypeValue;
            onChange((cur) => switchType(cur, type));
          }}
          sx={{ width: 130 }}
        >
          {SUB_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {codeLabel(QuType.items, t)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={translate('examhall.quEditor.share')}
          value={Number.isFinite(sub.share) ? sub.share : ''}
          onChange={(e) => {
            const share = e.target.value === '' ? Number.NaN : Math.trunc(Number(e.target.value));
            onChange((cur) => ({ ...cur, share }));
          }}
          error={issuesAt(own, 'share').length > 0}
          slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
          sx={{ width: 110 }}
        />
        <Box sx={{ flex: 1 }} />
        <OrderButtons i={i} count={count} onMove={onMove} onRemove={onRemove} removeLabel={translate('examhall.quEditor.removeSub')} canRemove={count > 1} />
      </Stack>
      <Problems messages={issuesAt(own, 'share')} />
      <Stack spacing={2}>
        <StemEditor q={sub} onChange={onChange} label={`${label} ${translate('examhall.quEditor.content')}`} compact problems={issuesAt(own, 'content')} />
        <AnswerEditor q={sub} onChange={onChange} issues={own} />
        <RichTextEditor
          compact
          value={sub.analysis ?? ''}
          onChange={(html) => onChange((cur) => ({ ...cur, analysis: html }))}
          uploadKind="question"
          label={translate('examhall.quEditor.analysis')}
          ariaLabel={`${label} ${translate('examhall.quEditor.analysis')}`}
        />
      </Stack>
    </Paper>
  );
}

function SubListEditor({ q, onChange, issues }: { q: QuBody; onChange: QuChange<QuBody>; issues: ImportIssue[] }) {
  const translate = useTranslate();
  const subs = q.subList ?? [];
  const set = (update: (list: SubQu[]) => SubQu[]) => onChange((cur) => ({ ...cur, subList: update(cur.subList ?? []) }));
  return (
    <Box>
      <SectionTitle required>{translate('examhall.quEditor.subList')}</SectionTitle>
      <FormHelperText sx={{ mt: -0.5, mb: 1 }}>{translate('examhall.quEditor.shareHint')}</FormHelperText>
      <Stack spacing={1.5}>
        {subs.map((s, i) => (
          <SubEditor
            key={s.id ?? `sub-${i}`}
            sub={s}
            i={i}
            count={subs.length}
            issues={issues}
            onChange={(update) => set((list) => list.map((x, j) => (j === i ? update(x) : x)))}
            onMove={(d) => set((list) => moved(list, i, d))}
            onRemove={() => set((list) => list.filter((_x, j) => j !== i))}
          />
        ))}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} sx={{ mt: 1 }} disabled={subs.length >= QU_LIMITS.subQuestions} onClick={() => set((list) => [...list, newSub()])}>
        {translate('examhall.quEditor.addSub')}
      </Button>
      <Problems messages={issuesAt(issues, 'subList', true)} />
    </Box>
  );
}

// ---------- knowledge points ----------

function TagsInput({ value, onChange, repoId, problems }: { value: string[]; onChange: (tags: string[]) => void; repoId: string; problems: string[] }) {
  const translate = useTranslate();
  const tags = useQuery({
    queryKey: endpointKey(quApi.tags, { repoId }),
    queryFn: () => call(quApi.tags, { repoId }, { silent: true }),
    enabled: repoId !== '',
  });
  const options = useMemo(() => (tags.data ?? []).map((t) => t.name), [tags.data]);
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={options}
      value={value}
      onChange={(_e, v) => onChange([...new Set(v.map((t) => t.trim().slice(0, QU_LIMITS.tag)).filter(Boolean))].slice(0, QU_LIMITS.tags))}
      renderInput={(params) => (
        <TextField {...params} label={translate('examhall.quEditor.tags')} helperText={problems.length ? problems.join('；') : translate('examhall.quEditor.tagsHelper')} error={problems.length > 0} />
      )}
      sx={{ maxWidth: 720 }}
    />
  );
}

// ---------- the editor ----------

export interface QuEditorProps {
  value: QuBody;
  /** Receives an update of the latest question (see QuChange): a useState setter fits. */
  onChange: QuChange<QuBody>;
  /** Problems to show (after an attempt to save): the client's checks, or the preview's errors. */
  issues: ImportIssue[];
  /** The bank whose knowledge points are suggested ('' for none). */
  repoId: string;
  /** Shown above the type (the bank picker of a new question). */
  header?: ReactNode;
}

/** The question editor for all seven types: controlled, one QuBody in and out. */
export function QuEditor({ value: q, onChange, issues, repoId, header }: QuEditorProps) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const combined = q.quType === QuType.COMBINED;
  return (
    <Stack spacing={2.5}>
      {header}
      <Stack direction="row" flexWrap="wrap" useFlexGap gap={2} alignItems="center">
        <TextField
          select
          size="small"
          label={translate('examhall.quEditor.quType')}
          value={q.quType}
          onChange={(e) => {
            const type = Number(e.target.value) as QuTypeValue;
            onChange((cur) => switchQuestionType(cur, type));
          }}
          sx={{ width: 160 }}
        >
          {QuType.items.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {codeLabel(QuType.items, t.value)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" alignItems="center" spacing={1} role="radiogroup" aria-label={translate('examhall.quEditor.level')}>
          <Typography variant="body2" color="text.secondary">
            {translate('examhall.quEditor.level')}
          </Typography>
          {QuLevel.items.map((l) => (
            <FormControlLabel key={l.value} control={<Radio size="small" checked={(q.level ?? QuLevel.ORDINARY) === l.value} onChange={() => onChange((cur) => ({ ...cur, level: l.value as CodeOf<typeof QuLevel> }))} />} label={codeLabel(QuLevel.items, l.value)} />
          ))}
        </Stack>
      </Stack>
      <StemEditor q={q} onChange={onChange} label={translate(combined ? 'examhall.quEditor.material' : 'examhall.quEditor.content')} problems={issuesAt(issues, 'content')} />
      {combined ? <SubListEditor q={q} onChange={onChange} issues={issues} /> : <AnswerEditor q={q} onChange={onChange} issues={issues} />}
      <Box>
        <RichTextEditor
          compact
          value={q.analysis ?? ''}
          onChange={(html) => onChange((cur) => ({ ...cur, analysis: html }))}
          uploadKind="question"
          label={translate('examhall.quEditor.analysis')}
          ariaLabel={translate('examhall.quEditor.analysis')}
          error={issuesAt(issues, 'analysis').length > 0}
        />
        <Problems messages={issuesAt(issues, 'analysis')} />
      </Box>
      <TagsInput value={q.tags ?? []} onChange={(tags) => onChange((cur) => ({ ...cur, tags }))} repoId={repoId} problems={issuesAt(issues, 'tags')} />
    </Stack>
  );
}
