import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  LinearProgress,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { practiceAdminApi, repoApi } from '../../../common/api';
import { QuType } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { call, download } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { DeptTreePicker } from '../shared/DeptTreeSelect';
import { EmptyState } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';

/** Percent of `part` in `whole`, 0 when nothing was answered. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

function Rate({ value, color = 'primary' }: { value: number | null; color?: 'primary' | 'error' }) {
  if (value === null) return <Typography variant="caption">—</Typography>;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 110 }}>
      <LinearProgress variant="determinate" color={color} value={value} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-label={`${value}%`} />
      <Typography variant="caption">{value}%</Typography>
    </Stack>
  );
}

function Pager({ total, page, size, onPage, onSize }: { total: number; page: number; size: number; onPage: (p: number) => void; onSize: (s: number) => void }) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={[10, 20, 50, 100]}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      onPageChange={(_e, p) => onPage(p)}
      onRowsPerPageChange={(e) => onSize(Number(e.target.value))}
    />
  );
}

function PracticeUsers({ repoId, repoTitle }: { repoId: string; repoTitle: string }) {
  const translate = useTranslate();
  const [departId, setDepartId] = useState('');
  const [realName, setRealName] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const params = { repoId, departId, realName: realName.trim() };
  const q = useQuery({
    queryKey: [...endpointKey(practiceAdminApi.users), params, page, size],
    queryFn: () => call(practiceAdminApi.users, { current: page + 1, size, params }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  let body;
  if (q.isPending) body = <LoadingBlock />;
  else if (q.isError && !q.data) body = <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  else if (q.data.records.length === 0) body = <EmptyState message={departId || params.realName ? 'examhall.common.noMatch' : 'examhall.repoPractice.usersEmpty'} />;
  else
    body = (
      <>
        <TableContainer>
          <Table size="small" aria-label={translate('examhall.repoPractice.users')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('examhall.repoPractice.realName')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('examhall.repoPractice.deptName')}</TableCell>
                <TableCell align="right">{translate('examhall.repoPractice.answered')}</TableCell>
                <TableCell align="right">{translate('examhall.repoPractice.right')}</TableCell>
                <TableCell>{translate('examhall.repoPractice.rate')}</TableCell>
                <TableCell align="right">{translate('examhall.repoPractice.selfAssessed')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate('examhall.repoPractice.trainings')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate('examhall.repoPractice.lastTime')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.records.map((r) => (
                <TableRow key={r.userId} hover>
                  <TableCell>
                    {r.realName || r.userName}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {r.userName}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.deptName || '—'}</TableCell>
                  <TableCell align="right">{r.answered}</TableCell>
                  <TableCell align="right">{r.right}</TableCell>
                  <TableCell>
                    {/* The system's verdicts alone: the learners' own are in the next column. */}
                    <Rate value={r.answered > r.selfAssessed ? percent(r.right - r.selfRight, r.answered - r.selfAssessed) : null} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{r.selfAssessed > 0 ? `${r.selfRight}/${r.selfAssessed}` : '—'}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.trainings}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatTime(r.lastTime, 'YYYY-MM-DD HH:mm') || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pt: 1 }}>
          {translate('examhall.repoPractice.selfNote')}
        </Typography>
        <Pager total={q.data.total} page={page} size={size} onPage={setPage} onSize={(s) => { setSize(s); setPage(0); }} />
      </>
    );
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap alignItems={{ md: 'center' }} sx={{ p: 1.5 }}>
        <DeptTreePicker
          label={translate('examhall.repoPractice.deptName')}
          size="small"
          value={departId}
          onChange={(v) => {
            setDepartId(v);
            setPage(0);
          }}
          sx={{ minWidth: 200, flex: { md: '0 1 240px' } }}
        />
        <TextField
          size="small"
          label={translate('examhall.repoPractice.realName')}
          value={realName}
          onChange={(e) => {
            setRealName(e.target.value);
            setPage(0);
          }}
          sx={{ width: { md: 180 } }}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download(practiceAdminApi.usersExport, { params }, translate('examhall.repoPractice.exportName', { name: repoTitle || repoId })).catch(() => undefined)}
        >
          {translate('ra.action.export')}
        </Button>
      </Stack>
      {body}
    </>
  );
}

function MissedQuestions({ repoId }: { repoId: string }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const q = useQuery({
    queryKey: [...endpointKey(practiceAdminApi.missed), repoId, page, size],
    queryFn: () => call(practiceAdminApi.missed, { current: page + 1, size, params: { repoId } }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  if (q.isPending) return <LoadingBlock />;
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.records.length === 0) return <EmptyState message="examhall.repoPractice.missedEmpty" />;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={translate('examhall.repoPractice.missed')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('examhall.repoPractice.question')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('examhall.repoPractice.quType')}</TableCell>
              <TableCell align="right">{translate('examhall.repoPractice.wrong')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('examhall.repoPractice.answered')}</TableCell>
              <TableCell>{translate('examhall.repoPractice.wrongRate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {q.data.records.map((r) => (
              <TableRow key={r.quId} hover>
                <TableCell sx={{ maxWidth: 520 }}>
                  <RouterLinkButton to={`/repo/qu/${encodeURIComponent(r.quId)}`}>{r.title}</RouterLinkButton>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{codeLabel(QuType.items, r.quType)}</TableCell>
                <TableCell align="right">{r.wrong}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.answered}</TableCell>
                <TableCell>
                  <Rate value={percent(r.wrong, r.answered)} color="error" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager total={q.data.total} page={page} size={size} onPage={setPage} onSize={(s) => { setSize(s); setPage(0); }} />
    </>
  );
}

function RouterLinkButton({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Typography component={RouterLink} to={to} variant="body2" sx={{ color: 'primary.main', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
      {children}
    </Typography>
  );
}

/** /repo/list/:id/practice: who practised the bank and how well (exported to Excel), and its most-missed questions. */
export function RepoPracticePage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const [tab, setTab] = useState<'users' | 'missed'>('users');
  const repo = useQuery({ queryKey: endpointKey(repoApi.detail, { id }), queryFn: () => call(repoApi.detail, { id }, { silent: true }), enabled: id !== '' });
  const title = repo.data?.title ?? '';
  return (
    <Box sx={{ pt: 1 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5, flexWrap: 'wrap' }} useFlexGap>
        <Button component={RouterLink} to="/repo/list" startIcon={<ArrowBackIcon />}>
          {translate('examhall.repoPractice.back')}
        </Button>
        <Typography variant="h6" component="h1" sx={{ fontSize: 18 }}>
          {translate('examhall.repoPractice.title', { name: title || '…' })}
        </Typography>
      </Stack>
      {repo.isError ? (
        <Card>
          <LoadError error={repo.error} onRetry={() => void repo.refetch()} retrying={repo.isFetching} />
        </Card>
      ) : (
        <Card>
          <Tabs value={tab} onChange={(_e, v: 'users' | 'missed') => setTab(v)} sx={{ px: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="users" label={translate('examhall.repoPractice.users')} />
            <Tab value="missed" label={translate('examhall.repoPractice.missed')} />
          </Tabs>
          {tab === 'users' ? <PracticeUsers repoId={id} repoTitle={title} /> : <MissedQuestions repoId={id} />}
        </Card>
      )}
    </Box>
  );
}
