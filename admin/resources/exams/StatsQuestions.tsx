import { useMemo, useState } from 'react';
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StatsAttempts, StatsOption, StatsQuestion } from '../../../common/api';
import { QuType } from '../../../common/codes';
import { useCodeLabel } from '../shared/labels';
import { QuestionAnswers } from './StatsAnswers';
import { figure, percent } from './statsFormat';

type SortKey =
  | 'slot'
  | 'maxScore'
  | 'facility'
  | 'sd'
  | 'randomGuessScore'
  | 'discriminationIndex'
  | 'discriminativeEfficiency'
  | 'effectiveWeight'
  | 'upperLowerD'
  | 'pointBiserial'
  | 'alphaIfDeleted'
  | 'flags';

/** The figures of a question, in Moodle's order, then ours; each shown in percent but α, the D and the point-biserial. */
const FIGURES: Array<{ key: Exclude<SortKey, 'slot' | 'maxScore' | 'flags'>; show: (v: number | null) => string }> = [
  { key: 'facility', show: percent },
  { key: 'sd', show: percent },
  { key: 'randomGuessScore', show: percent },
  { key: 'discriminationIndex', show: percent },
  { key: 'discriminativeEfficiency', show: percent },
  { key: 'effectiveWeight', show: percent },
  // D is sent in percent (as Moodle shows indices); the field reads it as a fraction (D < 0.2).
  { key: 'upperLowerD', show: (v) => figure(v === null ? null : v / 100) },
  { key: 'pointBiserial', show: (v) => figure(v === null ? null : v / 100) },
  { key: 'alphaIfDeleted', show: percent },
];

const sortValue = (q: StatsQuestion, key: SortKey): number | null => (key === 'flags' ? q.flags.length : q[key]);

/** Sorted by `key`; questions without the figure (too few attempts) last either way. */
export function sortQuestions(questions: StatsQuestion[], key: SortKey, asc: boolean): StatsQuestion[] {
  return [...questions].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || y === null) return x === null ? (y === null ? a.slot - b.slot : 1) : -1;
    return (asc ? x - y : y - x) || a.slot - b.slot;
  });
}

/** A flag as a chip; its tooltip says what it means and what to check. */
export function FlagChip({ flag }: { flag: string }) {
  const translate = useTranslate();
  const name = translate(`examhall.stats.flagNames.${flag}`, { _: flag });
  return (
    <Tooltip title={translate(`examhall.stats.flags.${flag}`, { _: flag })} enterTouchDelay={0} arrow>
      <Chip size="small" label={name} color={flag === '可能有误' ? 'error' : 'warning'} variant="outlined" sx={{ height: 22 }} tabIndex={0} />
    </Tooltip>
  );
}

function HeadCell({ k, sort, onSort, align = 'right' }: { k: SortKey; sort: { key: SortKey; asc: boolean }; onSort: (k: SortKey) => void; align?: 'left' | 'right' }) {
  const translate = useTranslate();
  // A short heading keeps the table within a desktop's width; the tooltip gives the full name and what it means.
  const help = k === 'slot' || k === 'maxScore' ? '' : `${translate(`examhall.stats.col.${k}`)}：${translate(`examhall.stats.colHelp.${k}`)}`;
  const label = (
    <TableSortLabel active={sort.key === k} direction={sort.key === k && !sort.asc ? 'desc' : 'asc'} onClick={() => onSort(k)}>
      {translate(`examhall.stats.colShort.${k}`)}
    </TableSortLabel>
  );
  return (
    <TableCell align={align} sortDirection={sort.key === k ? (sort.asc ? 'asc' : 'desc') : false} sx={{ whiteSpace: 'nowrap' }}>
      {help ? (
        <Tooltip title={help} placement="top" enterDelay={400} describeChild>
          {label}
        </Tooltip>
      ) : (
        label
      )}
    </TableCell>
  );
}

/**
 * 试题分析: one row per question slot with Moodle's figures and ours, sortable by each (a click on
 * a heading sorts, another reverses), the flags as chips; a row opens its option distribution. On a
 * phone the table scrolls sideways with the question number kept in view.
 */
export function StatsQuestionTable({ questions, examId, attempts }: { questions: StatsQuestion[]; examId: string; attempts: StatsAttempts }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: 'slot', asc: true });
  const [open, setOpen] = useState<StatsQuestion | null>(null);
  const rows = useMemo(() => sortQuestions(questions, sort.key, sort.asc), [questions, sort]);
  const onSort = (key: SortKey) => setSort((s) => (s.key === key ? { key, asc: !s.asc } : { key, asc: true }));
  const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('examhall.stats.questions')} sx={{ minWidth: 1000, '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow sx={{ verticalAlign: 'bottom' }}>
              <HeadCell k="slot" sort={sort} onSort={onSort} align="left" />
              <TableCell>{translate('examhall.stats.col.title')}</TableCell>
              <HeadCell k="flags" sort={sort} onSort={onSort} align="left" />
              <HeadCell k="maxScore" sort={sort} onSort={onSort} />
              {FIGURES.map((f) => (
                <HeadCell key={f.key} k={f.key} sort={sort} onSort={onSort} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((q) => (
              <TableRow key={q.slot} hover onClick={() => setOpen(q)} sx={{ cursor: 'pointer' }}>
                <TableCell sx={{ ...sticky, fontWeight: 600 }}>{q.slot}</TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  <Link
                    component="button"
                    type="button"
                    underline="hover"
                    color="inherit"
                    onClick={(e: React.MouseEvent) => {
                      e.stopPropagation();
                      setOpen(q);
                    }}
                    sx={{ textAlign: 'left', minWidth: 150, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', font: 'inherit' }}
                  >
                    {q.quId ? q.title : translate('examhall.stats.randomSlot', { n: q.attempts })}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {codeLabel(QuType.items, q.quType)}
                  </Typography>
                </TableCell>
                <TableCell onClick={(e) => e.stopPropagation()} sx={{ width: 112 }}>
                  <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                    {q.flags.map((flag) => (
                      <FlagChip key={flag} flag={flag} />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell align="right">{figure(q.maxScore)}</TableCell>
                {FIGURES.map((f) => (
                  <TableCell key={f.key} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {f.show(q[f.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <QuestionDetail question={open} examId={examId} attempts={attempts} onClose={() => setOpen(null)} />
    </>
  );
}

const GROUPS = [
  { key: 'all', label: 'examhall.stats.groupAll', color: 'primary.main' },
  { key: 'upper', label: 'examhall.stats.groupUpper', color: 'success.main' },
  { key: 'lower', label: 'examhall.stats.groupLower', color: 'warning.main' },
] as const;

/** One option: its text (正确 on the key), then the share of each group who chose it as a bar. */
function OptionShares({ option, index }: { option: StatsOption; index: number }) {
  const translate = useTranslate();
  const letter = String.fromCharCode(65 + index);
  return (
    <Box
      role="group"
      aria-label={translate('examhall.stats.optionShares', { option: `${letter}. ${option.content}`, all: percent(option.all), upper: percent(option.upper), lower: percent(option.lower) })}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {letter}. {option.content}
        </Typography>
        {option.isRight ? <Chip size="small" color="success" label={translate('examhall.stats.right')} sx={{ height: 22 }} /> : null}
      </Stack>
      {GROUPS.map((g) => {
        const v = option[g.key];
        return (
          <Box key={g.key} sx={{ display: 'grid', gridTemplateColumns: { xs: '60px 1fr 52px', sm: '72px 1fr 56px' }, alignItems: 'center', columnGap: 1, mb: 0.25 }}>
            <Typography variant="caption" color="text.secondary" noWrap>
              {translate(g.label)}
            </Typography>
            <Box sx={{ height: 10, borderRadius: 5, bgcolor: 'action.hover', overflow: 'hidden' }}>
              <Box sx={{ height: '100%', width: `${Math.max(0, Math.min(100, v ?? 0))}%`, bgcolor: g.color, borderRadius: 5 }} />
            </Box>
            <Typography variant="caption" align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {percent(v)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** A question's detail: its figures, flags in words, who picked which option (all, top and bottom 27 %), and the learners' answers. */
function QuestionDetail({ question: q, examId, attempts, onClose }: { question: StatsQuestion | null; examId: string; attempts: StatsAttempts; onClose: () => void }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <Dialog open={q !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="stats-question-title">
      {q ? (
        <>
          <DialogTitle id="stats-question-title">{translate('examhall.stats.detailOf', { slot: q.slot })}</DialogTitle>
          <DialogContent dividers>
            <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
              {q.quId ? q.title : translate('examhall.stats.randomSlot', { n: q.attempts })}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1, color: 'text.secondary' }}>
              <Typography variant="caption">{codeLabel(QuType.items, q.quType)}</Typography>
              <Typography variant="caption">{translate('examhall.stats.points', { n: figure(q.maxScore) })}</Typography>
              <Typography variant="caption">{translate('examhall.stats.attemptsOf', { n: q.attempts })}</Typography>
              {q.tags.map((t) => (
                <Chip key={t} size="small" label={t} sx={{ height: 20 }} />
              ))}
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1, my: 2 }}>
              {FIGURES.map((f) => (
                <Box key={f.key} sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.25, py: 0.75, m: 0 }}>
                  <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {translate(`examhall.stats.col.${f.key}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                    {f.show(q[f.key])}
                  </Typography>
                </Box>
              ))}
            </Box>
            {q.flags.map((flag) => (
              <Stack key={flag} direction="row" spacing={1} alignItems="flex-start" sx={{ mb: 1 }}>
                <FlagChip flag={flag} />
                <Typography variant="body2" color="text.secondary">
                  {translate(`examhall.stats.flags.${flag}`, { _: flag })}
                </Typography>
              </Stack>
            ))}
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {translate('examhall.stats.detail')}
            </Typography>
            {q.options.length ? (
              <>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                  {translate('examhall.stats.detailHint')}
                </Typography>
                {q.options.map((o, i) => (
                  <OptionShares key={o.optionId} option={o} index={i} />
                ))}
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('examhall.stats.noOptions')}
              </Typography>
            )}
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {translate('examhall.stats.answers')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {translate(q.quId ? 'examhall.stats.answersHint' : 'examhall.stats.answersRandom')}
            </Typography>
            {q.quId ? <QuestionAnswers examId={examId} quId={q.quId} attempts={attempts} /> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('examhall.stats.close')}</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
