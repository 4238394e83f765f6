import { lazy, Suspense, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CanAccess, useTranslate } from 'react-admin';
import { examApi, statsApi, type StatsAttempts, type StatsMastery, type StatsSummary } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { call, download } from '../../../common/http';
import { endpointKey, endpointQuery } from '../../providers/endpointQuery';
import { EmptyState } from '../shared/EmptyState';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { bandLabel, figure, percent } from './statsFormat';
import { ExamPageShell } from './ExamPageShell';
import { StatsQuestionTable } from './StatsQuestions';

// ECharts and the charts are a chunk of their own, loaded once the figures are on screen.
const ScoreHistogram = lazy(() => import('./StatsCharts').then((m) => ({ default: m.ScoreHistogram })));
const DepartBoxPlot = lazy(() => import('./StatsCharts').then((m) => ({ default: m.DepartBoxPlot })));
const MasteryChart = lazy(() => import('./StatsCharts').then((m) => ({ default: m.MasteryChart })));

const MODES: StatsAttempts[] = ['first', 'best', 'all'];
const MODE_LABEL: Record<StatsAttempts, string> = { first: 'examhall.stats.attemptsFirst', best: 'examhall.stats.attemptsBest', all: 'examhall.stats.attemptsAll' };
const modeOf = (raw: string | null): StatsAttempts => MODES.find((m) => m === raw) ?? 'all';

function Section({ title, hint, children, aside }: { title: string; hint?: string; children: ReactNode; aside?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={translate(title)} sx={{ p: { xs: 1.5, sm: 2 }, mb: 1.5, minWidth: 0 }}>
      <Stack direction="row" alignItems="baseline" spacing={1} sx={{ mb: hint ? 0.25 : 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {translate(title)}
        </Typography>
        {aside}
      </Stack>
      {hint ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate(hint)}
        </Typography>
      ) : null}
      {children}
    </Card>
  );
}

const ChartLoading = ({ height }: { height: number }) => <Skeleton variant="rounded" height={height} />;

/** A figure card: the name, the value large, a note under it. */
function FigureCard({ name, value, note }: { name: string; value: string; note?: string }) {
  const translate = useTranslate();
  const label = translate(`examhall.stats.cards.${name}`);
  return (
    <Card component="section" aria-label={label} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="h3" noWrap>
        {label}
      </Typography>
      <Typography data-testid={`stats-${name}`} sx={{ fontSize: 22, fontWeight: 600, lineHeight: 1.3, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere', lineHeight: 1.35 }}>
          {note}
        </Typography>
      ) : null}
    </Card>
  );
}

function SummaryCards({ s }: { s: StatsSummary }) {
  const translate = useTranslate();
  const cards: Array<{ name: string; value: string; note?: string }> = [
    { name: 'attempts', value: String(s.attempts) },
    { name: 'mean', value: figure(s.mean), note: translate('examhall.stats.cardNotes.total', { n: figure(s.totalScore) }) },
    { name: 'median', value: figure(s.median) },
    { name: 'sd', value: figure(s.sd) },
    { name: 'passRate', value: percent(s.passRate), note: translate('examhall.stats.cardNotes.pass', { n: figure(s.qualifyScore) }) },
    { name: 'excellentRate', value: percent(s.excellentRate), note: translate('examhall.stats.cardNotes.excellent', { n: figure(s.excellentScore) }) },
    { name: 'cic', value: percent(s.cic), note: translate('examhall.stats.cardNotes.cic') },
    { name: 'errorRatio', value: percent(s.errorRatio), note: translate('examhall.stats.cardNotes.errorRatio') },
    { name: 'standardError', value: figure(s.standardError), note: translate('examhall.stats.cardNotes.standardError') },
    { name: 'skewness', value: figure(s.skewness), note: translate('examhall.stats.cardNotes.skewness') },
    { name: 'kurtosis', value: figure(s.kurtosis), note: translate('examhall.stats.cardNotes.kurtosis') },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(150px, 1fr))' }, mb: 1.5 }}>
      {cards.map((c) => (
        <FigureCard key={c.name} {...c} />
      ))}
    </Box>
  );
}

function BandsTable({ s }: { s: StatsSummary }) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('examhall.stats.bands')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('examhall.stats.band')}</TableCell>
            <TableCell align="right">{translate('examhall.stats.count')}</TableCell>
            <TableCell align="right">{translate('examhall.stats.share')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...s.bands].reverse().map((b) => (
            <TableRow key={b.from}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{bandLabel(b)}</TableCell>
              <TableCell align="right">{b.count}</TableCell>
              <TableCell align="right">{percent(s.attempts ? (b.count / s.attempts) * 100 : null)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A column a phone leaves out to keep the rest in its width (the box plot beside shows the median). */
const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

function DepartsTable({ s }: { s: StatsSummary }) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('examhall.stats.departs')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('examhall.stats.depart')}</TableCell>
            <TableCell align="right">{translate('examhall.stats.count')}</TableCell>
            <TableCell align="right">{translate('examhall.stats.mean')}</TableCell>
            <TableCell align="right" sx={phoneHidden}>
              {translate('examhall.stats.box.median')}
            </TableCell>
            <TableCell align="right">{translate('examhall.stats.passRate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.byDepart.map((d) => (
            <TableRow key={d.departId}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.name}</TableCell>
              <TableCell align="right">{d.attempts}</TableCell>
              <TableCell align="right">{figure(d.mean)}</TableCell>
              <TableCell align="right" sx={phoneHidden}>
                {figure(d.median)}
              </TableCell>
              <TableCell align="right">{percent(d.passRate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MasteryTable({ mastery }: { mastery: StatsMastery[] }) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('examhall.stats.mastery')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('examhall.stats.tag')}</TableCell>
            <TableCell align="right">{translate('examhall.stats.tagQuestions')}</TableCell>
            <TableCell align="right">{translate('examhall.stats.scoreRate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mastery.map((m) => (
            <TableRow key={m.tag}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.tag}</TableCell>
              <TableCell align="right">{m.questions}</TableCell>
              <TableCell align="right" sx={{ color: m.scoreRate < 60 ? 'error.main' : undefined, fontWeight: m.scoreRate < 60 ? 600 : undefined }}>
                {percent(m.scoreRate)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Two parts side by side from md on (a chart and its table), one above the other below. */
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' } as const;

function MasterySection({ examId }: { examId: string }) {
  const mastery = useQuery(endpointQuery(statsApi.mastery, { examId }));
  let body;
  if (mastery.isPending) body = <LoadingBlock />;
  else if (mastery.isError) body = <LoadError error={mastery.error} onRetry={() => void mastery.refetch()} retrying={mastery.isFetching} />;
  else if (mastery.data.length === 0) body = <EmptyState message="examhall.stats.masteryEmpty" />;
  else
    body = (
      <Box sx={twoColumns}>
        <Suspense fallback={<ChartLoading height={300} />}>
          <MasteryChart mastery={mastery.data} />
        </Suspense>
        <MasteryTable mastery={mastery.data} />
      </Box>
    );
  return (
    <Section title="examhall.stats.mastery" hint="examhall.stats.masteryHint">
      {body}
    </Section>
  );
}

/**
 * /exam/list/:id/stats: 成绩分析 of one exam over the chosen attempts (first, best or all, as in
 * Moodle; kept in ?attempts=): the figures, the score histogram with its bands, departments, the
 * item analysis with each question's option distribution, knowledge-point mastery, and the whole
 * as an Excel workbook.
 */
export function ExamStatsPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const attempts = modeOf(search.get('attempts'));
  const exam = useQuery(endpointQuery(examApi.detail, { id }));
  const summary = useQuery({
    queryKey: [...endpointKey(statsApi.summary), id, attempts],
    queryFn: () => call(statsApi.summary, { examId: id, attempts }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const questions = useQuery({
    queryKey: [...endpointKey(statsApi.questions), id, attempts],
    queryFn: () => call(statsApi.questions, { examId: id, attempts }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const title = exam.data?.title ?? '';
  const s = summary.data;

  let body;
  if (summary.isPending) body = <LoadingBlock />;
  else if (summary.isError && !s)
    body = (
      <Card>
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      </Card>
    );
  else if (!s || s.attempts === 0)
    body = (
      <Card>
        <EmptyState message="examhall.stats.empty" />
      </Card>
    );
  else {
    let questionBody;
    if (questions.isPending) questionBody = <LoadingBlock />;
    else if (questions.isError && !questions.data) questionBody = <LoadError error={questions.error} onRetry={() => void questions.refetch()} retrying={questions.isFetching} />;
    else if (questions.data.length === 0) questionBody = <EmptyState message="examhall.stats.questionsEmpty" />;
    else questionBody = <StatsQuestionTable questions={questions.data} examId={id} attempts={attempts} />;
    body = (
      <>
        <SummaryCards s={s} />
        <Section title="examhall.stats.distribution">
          <Box sx={twoColumns}>
            <Suspense fallback={<ChartLoading height={260} />}>
              <ScoreHistogram bands={s.bands} qualifyScore={s.qualifyScore} excellentScore={s.excellentScore} />
            </Suspense>
            <BandsTable s={s} />
          </Box>
        </Section>
        <Section title="examhall.stats.departs" hint="examhall.stats.departsHint">
          {s.byDepart.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('examhall.stats.departsEmpty')}
            </Typography>
          ) : (
            <Box sx={twoColumns}>
              <Suspense fallback={<ChartLoading height={160} />}>
                <DepartBoxPlot departs={s.byDepart} qualifyScore={s.qualifyScore} totalScore={s.totalScore} />
              </Suspense>
              <DepartsTable s={s} />
            </Box>
          )}
        </Section>
        <Section title="examhall.stats.questions" hint="examhall.stats.questionsHint">
          {questionBody}
        </Section>
        <MasterySection examId={id} />
      </>
    );
  }

  return (
    <ExamPageShell
      label={translate('examhall.stats.title')}
      heading={title ? translate('examhall.stats.of', { title }) : translate('examhall.stats.title')}
      back={translate('examhall.stats.back')}
      intro={
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }} sx={{ mt: 1.5 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              color="primary"
              value={attempts}
              aria-label={translate('examhall.stats.attempts')}
              onChange={(_e, v: StatsAttempts | null) => {
                if (v) setSearch(v === 'all' ? {} : { attempts: v }, { replace: true });
              }}
              sx={{ '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' }, px: 1.5, whiteSpace: 'nowrap' } }}
            >
              {MODES.map((m) => (
                <ToggleButton key={m} value={m}>
                  {translate(MODE_LABEL[m])}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Box sx={{ flex: 1 }} />
            <CanAccess resource="exam/paper" action="export">
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={!s || s.attempts === 0}
                onClick={() => void download(statsApi.export, { examId: id, attempts }, translate('examhall.stats.exportName', { title: title || id })).catch(() => undefined)}
              >
                {translate('examhall.stats.export')}
              </Button>
            </CanAccess>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('examhall.stats.attemptsHelp')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('examhall.stats.hint')}
            {s && s.computedAt ? ` · ${translate('examhall.stats.computedAt', { time: formatTime(s.computedAt, 'YYYY-MM-DD HH:mm') })}` : ''}
          </Typography>
        </>
      }
    >
      {body}
    </ExamPageShell>
  );
}
