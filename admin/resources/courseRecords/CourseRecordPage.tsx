import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
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
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CanAccess, useTranslate } from 'react-admin';
import { CourseLearnerState, courseApi, courseRecordApi, type CourseLearnerRecord, type MyCourseRecord } from '../../../common/api';
import type { CodeOf } from '../../../common/codes';
import { formatDuration } from '../../../common/duration';
import { formatTime } from '../../../common/format';
import { call, download } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { DeptTreePicker } from '../shared/DeptTreeSelect';
import { EmptyState } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';

const RESOURCE = 'course/record';

const time = (t: number | null) => formatTime(t, 'YYYY-MM-DD HH:mm') || '—';

function StateCell({ state, overdue }: { state: number; overdue: boolean }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip size="small" color={state === CourseLearnerState.FINISHED ? 'success' : state === CourseLearnerState.LEARNING ? 'primary' : 'default'} variant={state === CourseLearnerState.FINISHED ? 'filled' : 'outlined'} label={codeLabel(CourseLearnerState.items, state)} />
      {overdue ? <Chip size="small" color="error" label={translate('examhall.courseRecords.overdue')} /> : null}
    </Stack>
  );
}

function Progress({ value }: { value: number }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 120 }}>
      <LinearProgress variant="determinate" value={value} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-label={`${value}%`} />
      <Typography variant="caption">{value}%</Typography>
    </Stack>
  );
}

/** One learner's courses (per learner records). */
function UserCoursesDialog({ user, onClose }: { user: CourseLearnerRecord; onClose: () => void }) {
  const translate = useTranslate();
  const q = useQuery({
    queryKey: [...endpointKey(courseRecordApi.userPaging), user.userId],
    queryFn: () => call(courseRecordApi.userPaging, { current: 1, size: 100, params: { userId: user.userId } }, { silent: true }),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="user-courses-title">
      <DialogTitle id="user-courses-title">{translate('examhall.courseRecords.userCourses', { name: user.realName || user.userName })}</DialogTitle>
      <DialogContent>
        {q.isPending ? (
          <LoadingBlock />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        ) : q.data.records.length === 0 ? (
          <EmptyState message="examhall.courseRecords.userEmpty" />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('examhall.courseRecords.title2')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.progress')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.learned')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.records.map((r: MyCourseRecord) => (
                <TableRow key={r.id}>
                  <TableCell>{r.title}</TableCell>
                  <TableCell>
                    <Progress value={r.progress} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDuration(r.learnedSeconds)} / {formatDuration(r.needSeconds)}
                  </TableCell>
                  <TableCell>
                    <StateCell state={r.state} overdue={r.overdue} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** /course/record?courseId=…: a course's audience with progress, time and completion; by department; exported to Excel; each learner's courses. */
export function CourseRecordPage() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const [search, setSearch] = useSearchParams();
  const courseId = search.get('courseId') ?? '';
  const [deptId, setDeptId] = useState('');
  const [realName, setRealName] = useState('');
  const [state, setState] = useState<CodeOf<typeof CourseLearnerState> | ''>('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const [user, setUser] = useState<CourseLearnerRecord | null>(null);
  const [courseText, setCourseText] = useState('');

  const courses = useQuery({
    queryKey: [...endpointKey(courseApi.paging), 'record-picker', courseText],
    queryFn: () => call(courseApi.paging, { current: 1, size: 50, params: { title: courseText } }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const picked = useQuery({ queryKey: endpointKey(courseApi.detail, { id: courseId }), queryFn: () => call(courseApi.detail, { id: courseId }, { silent: true }), enabled: courseId !== '' });
  const params = { courseId, deptId, realName: realName.trim(), state };
  const records = useQuery({
    queryKey: [...endpointKey(courseRecordApi.paging), params, page, size],
    queryFn: () => call(courseRecordApi.paging, { current: page + 1, size, params }, { silent: true }),
    enabled: courseId !== '',
    placeholderData: keepPreviousData,
  });
  const options = courses.data?.records ?? [];
  const current = options.find((c) => c.id === courseId) ?? picked.data ?? null;

  let body;
  if (!courseId) body = <EmptyState message="examhall.courseRecords.pickCourseHint" />;
  else if (records.isPending) body = <LoadingBlock />;
  else if (records.isError && !records.data) body = <LoadError error={records.error} onRetry={() => void records.refetch()} retrying={records.isFetching} />;
  else if (records.data.records.length === 0) body = <EmptyState message="examhall.courseRecords.empty" />;
  else
    body = (
      <>
        <TableContainer>
          <Table size="small" aria-label={translate('examhall.courseRecords.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.course/record.fields.realName')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.deptName')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.progress')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.files')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.learned')}</TableCell>
                <TableCell>{translate('resources.course/record.fields.state')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{translate('resources.course/record.fields.finishTime')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{translate('resources.course/record.fields.lastTime')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.data.records.map((r) => (
                <TableRow key={r.userId} hover>
                  <TableCell>
                    <Link component="button" type="button" onClick={() => setUser(r)} underline="hover">
                      {r.realName || r.userName}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {r.userName}
                    </Typography>
                  </TableCell>
                  <TableCell>{r.deptName || '—'}</TableCell>
                  <TableCell>
                    <Progress value={r.progress} />
                  </TableCell>
                  <TableCell>
                    {r.doneCount}/{r.fileCount}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDuration(r.learnedSeconds)} / {formatDuration(r.needSeconds)}
                  </TableCell>
                  <TableCell>
                    <StateCell state={r.state} overdue={r.overdue} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>{time(r.finishTime)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>{time(r.lastTime)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={records.data.total}
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

  return (
    <Box sx={{ pt: 1 }}>
      <Card sx={{ px: 1.5, py: 1.5, mb: 1.5 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap" alignItems={{ md: 'center' }}>
          <Autocomplete
            sx={{ minWidth: 280, flex: { md: '0 1 360px' } }}
            size="small"
            options={options}
            value={current}
            getOptionLabel={(o) => o.title}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onInputChange={(_e, v, reason) => reason === 'input' && setCourseText(v)}
            onChange={(_e, v) => {
              setPage(0);
              setSearch(v ? { courseId: v.id } : {});
            }}
            renderInput={(p) => <TextField {...p} label={translate('examhall.courseRecords.pickCourse')} />}
          />
          <DeptTreePicker
            label={translate('resources.course/record.fields.deptId')}
            size="small"
            value={deptId}
            onChange={(v) => {
              setDeptId(v);
              setPage(0);
            }}
            sx={{ minWidth: 200, flex: { md: '0 1 240px' } }}
          />
          <TextField size="small" label={translate('resources.course/record.fields.realName')} value={realName} onChange={(e) => { setRealName(e.target.value); setPage(0); }} sx={{ width: { md: 160 } }} />
          <TextField
            select
            size="small"
            label={translate('resources.course/record.fields.state')}
            value={state}
            onChange={(e) => {
              { const n = Number(e.target.value); setState(e.target.value === '' || !CourseLearnerState.has(n) ? '' : n); }
              setPage(0);
            }}
            sx={{ width: { md: 140 } }}
          >
            <MenuItem value="">—</MenuItem>
            {CourseLearnerState.items.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {codeLabel(CourseLearnerState.items, s.value)}
              </MenuItem>
            ))}
          </TextField>
          <CanAccess resource={RESOURCE} action="export">
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!courseId}
              onClick={() => void download(courseRecordApi.export, { params }, `${current?.title ?? '课程'}-学习记录.xlsx`).catch(() => undefined)}
            >
              {translate('ra.action.export')}
            </Button>
          </CanAccess>
        </Stack>
      </Card>
      <Card>{body}</Card>
      {user ? <UserCoursesDialog user={user} onClose={() => setUser(null)} /> : null}
    </Box>
  );
}
