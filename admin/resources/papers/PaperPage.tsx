import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  Chip,
  Link,
  List,
  ListItem,
  ListItemButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CanAccess, useTranslate } from 'react-admin';
import { examApi, paperApi, type PaperRecord } from '../../../common/api';
import { HandType, PaperState, type CodeOf } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { call, download } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { DeptTreePicker } from '../shared/DeptTreeSelect';
import { EmptyState } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { ExamPicker, PassedChip, PaperStateChip, useDuration } from './paperParts';

const RESOURCE = 'exam/paper';
const time = (t: number | null) => formatTime(t, 'YYYY-MM-DD HH:mm') || '—';
const field = (name: string) => `resources.exam/paper.fields.${name}`;

type PaperFilters = { examId: string; departId: string; state: CodeOf<typeof PaperState> | ''; passed: boolean | ''; realName: string; handFrom: number | '' };

/** What the URL says to filter by (/exam/paper?examId=…&state=1; the dashboard's handFrom=<ms>). */
function filtersOf(search: URLSearchParams): PaperFilters {
  const state = Number(search.get('state') ?? '');
  const passed = search.get('passed');
  const handFrom = Number(search.get('handFrom') ?? '');
  return {
    examId: search.get('examId') ?? '',
    departId: search.get('departId') ?? '',
    state: search.get('state') && PaperState.has(state) ? state : '',
    passed: passed === 'true' ? true : passed === 'false' ? false : '',
    realName: search.get('realName') ?? '',
    handFrom: search.get('handFrom') && Number.isSafeInteger(handFrom) && handFrom >= 0 ? handFrom : '',
  };
}

function toSearch(f: PaperFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '').map(([k, v]) => [k, String(v)]));
}

const score = (r: PaperRecord) => `${r.userScore === null ? '—' : r.userScore} / ${r.totalScore}`;
const detailPath = (r: PaperRecord) => `/exam/paper/${encodeURIComponent(r.id)}/show`;

/**
 * The papers on a phone: a list, each paper's learner, exam, state and passed on the left and its
 * score (with the hand-in time) on the right, where a table would push the score out of sight.
 */
function PaperCards({ records, showExam }: { records: PaperRecord[]; showExam: boolean }) {
  const translate = useTranslate();
  return (
    <List disablePadding aria-label={translate('examhall.papers.title')}>
      {records.map((r) => (
        <ListItem key={r.id} divider disablePadding>
          <ListItemButton component={RouterLink} to={detailPath(r)} sx={{ alignItems: 'flex-start', gap: 1.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 500, color: 'primary.main' }}>
                {r.realName || r.userName}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {r.userName}
                </Typography>
              </Typography>
              {showExam ? (
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {r.title}
                </Typography>
              ) : null}
              <Stack direction="row" spacing={0.75} alignItems="center" sx={{ mt: 0.5 }}>
                <PaperStateChip state={r.state} />
                {r.passed === null ? null : <PassedChip passed={r.passed} />}
              </Stack>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate(field('userScore'))}
              </Typography>
              <Typography variant="body1" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {score(r)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                {time(r.handTime)}
              </Typography>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * /exam/paper: papers (of an exam) by department, state, passed and name; exported to Excel; each
 * opens its detail. A table, or a list on a phone.
 */
export function PaperPage() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const duration = useDuration();
  const navigate = useNavigate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const [realName, setRealName] = useState(filters.realName);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  // The same query as the picker's: its title names the exported file.
  const exam = useQuery({
    queryKey: endpointKey(examApi.detail, { id: filters.examId }),
    queryFn: () => call(examApi.detail, { id: filters.examId }, { silent: true }),
    enabled: filters.examId !== '',
    retry: false,
  });
  const examTitle = filters.examId ? (exam.data?.title ?? '') : '';
  const apply = (patch: Partial<PaperFilters>) => {
    setPage(0);
    setSearch(toSearch({ ...filters, ...patch }), { replace: true });
  };
  const { handFrom, ...rest } = filters;
  const params = { ...rest, realName: filters.realName.trim(), ...(handFrom === '' ? {} : { handFrom }) };
  const papers = useQuery({
    queryKey: [...endpointKey(paperApi.paging), params, page, size],
    queryFn: () => call(paperApi.paging, { current: page + 1, size, params, orders: [{ column: 'createTime', asc: false }] }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  let body;
  if (papers.isPending) body = <LoadingBlock />;
  else if (papers.isError && !papers.data) body = <LoadError error={papers.error} onRetry={() => void papers.refetch()} retrying={papers.isFetching} />;
  else if (papers.data.records.length === 0) body = <EmptyState message={Object.keys(toSearch(filters)).length ? 'examhall.common.noMatch' : 'examhall.papers.empty'} />;
  else
    body = (
      <>
        {phone ? (
          <PaperCards records={papers.data.records} showExam={!filters.examId} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={translate('examhall.papers.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(field('realName'))}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate(field('deptName'))}</TableCell>
                  {filters.examId ? null : <TableCell>{translate(field('title'))}</TableCell>}
                  <TableCell>{translate(field('state'))}</TableCell>
                  <TableCell align="right">{translate(field('userScore'))}</TableCell>
                  <TableCell>{translate(field('passed'))}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{translate(field('handType'))}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate(field('handTime'))}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{translate(field('userTime'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {papers.data.records.map((r: PaperRecord) => (
                  <TableRow key={r.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(detailPath(r))}>
                    <TableCell>
                      <Link component={RouterLink} to={detailPath(r)} underline="hover" onClick={(e) => e.stopPropagation()}>
                        {r.realName || r.userName}
                      </Link>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {r.userName}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.deptName || '—'}</TableCell>
                    {filters.examId ? null : <TableCell sx={{ maxWidth: 260 }}>{r.title}</TableCell>}
                    <TableCell>
                      <PaperStateChip state={r.state} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {score(r)}
                    </TableCell>
                    <TableCell>
                      <PassedChip passed={r.passed} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{r.handType === null ? '—' : codeLabel(HandType.items, r.handType)}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{time(r.handTime)}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>{duration(r.userTime)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={papers.data.total}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[10, 20, 50, 100]}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </>
    );

  const fileName = filters.examId && examTitle ? translate('examhall.papers.exportName', { title: examTitle }) : translate('examhall.papers.exportAll');
  return (
    <Box sx={{ pt: 1 }}>
      <Card component="section" aria-label={translate('examhall.common.search')} sx={{ px: 1.5, py: 1.5, mb: 1.5 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap" alignItems={{ md: 'center' }}>
          <ExamPicker
            examId={filters.examId}
            label={translate('examhall.papers.pickExam')}
            onChange={(picked) => apply({ examId: picked?.id ?? '' })}
            sx={{ minWidth: 260, flex: { md: '0 1 340px' } }}
          />
          <DeptTreePicker
            label={translate(field('departId'))}
            size="small"
            value={filters.departId}
            onChange={(v) => apply({ departId: v })}
            sx={{ minWidth: 200, flex: { md: '0 1 220px' } }}
          />
          <TextField
            select
            size="small"
            label={translate(field('state'))}
            value={filters.state}
            onChange={(e) => {
              const n = Number(e.target.value);
              apply({ state: e.target.value !== '' && PaperState.has(n) ? n : '' });
            }}
            sx={{ width: { md: 140 } }}
          >
            <MenuItem value="">—</MenuItem>
            {PaperState.items.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {codeLabel(PaperState.items, s.value)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={translate(field('passed'))}
            value={filters.passed === '' ? '' : String(filters.passed)}
            onChange={(e) => apply({ passed: e.target.value === '' ? '' : e.target.value === 'true' })}
            sx={{ width: { md: 130 } }}
          >
            <MenuItem value="">—</MenuItem>
            <MenuItem value="true">{translate('examhall.papers.passed')}</MenuItem>
            <MenuItem value="false">{translate('examhall.papers.failed')}</MenuItem>
          </TextField>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={(e) => {
              e.preventDefault();
              apply({ realName: realName.trim() });
            }}
          >
            <TextField size="small" label={translate(field('realName'))} value={realName} onChange={(e) => setRealName(e.target.value)} sx={{ width: { xs: '100%', md: 150 } }} />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
              {translate('examhall.common.search')}
            </Button>
          </Stack>
          {handFrom === '' ? null : (
            <Chip
              label={translate('examhall.papers.handFrom', { time: formatTime(handFrom, 'YYYY-MM-DD HH:mm') })}
              onDelete={() => apply({ handFrom: '' })}
              sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
            />
          )}
          <CanAccess resource={RESOURCE} action="export">
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={papers.data?.total === 0}
              onClick={() => void download(paperApi.export, { params }, fileName).catch(() => undefined)}
            >
              {translate('ra.action.export')}
            </Button>
          </CanAccess>
        </Stack>
      </Card>
      <Card>{body}</Card>
    </Box>
  );
}
