import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CourseLearnerState, type MyCourseRecord } from '../../../common/api/course';
import { formatDuration } from '../../../common/duration';
import { formatTime } from '../../../common/format';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useMyCourseRecords } from './api/courses';

const PAGE_SIZE = 10;

function StateCell({ r }: { r: MyCourseRecord }) {
  if (r.state === CourseLearnerState.FINISHED) return <Chip size="small" color="success" label="已完成" />;
  if (r.overdue) return <Chip size="small" color="error" label="已逾期" />;
  return <Chip size="small" color="primary" variant="outlined" label="学习中" />;
}

/** 学习记录 in the user centre: the courses I have started, latest first, with the server's figures. */
export function MyCourseRecordsTab() {
  const [search, setSearch] = useSearchParams();
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const query = useMyCourseRecords({ current, size: PAGE_SIZE, title: '' });
  const go = (page: number) => setSearch(page > 1 ? { tab: 'course', page: String(page) } : { tab: 'course' }, { replace: true });
  return (
    <QueryState query={query}>
      {(page) =>
        page.records.length === 0 ? (
          <EmptyState text="还没有学习记录" action={<Link component={RouterLink} to={paths.course.path}>去学习课程</Link>} />
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label="学习记录">
                <TableHead>
                  <TableRow>
                    <TableCell>课程</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>进度</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>学习时长</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>开始时间</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>完成时间</TableCell>
                    <TableCell>状态</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.records.map((r) => (
                    <TableRow key={r.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={paths.courseView.to(r.id)} underline="hover">
                          {r.title}
                        </Link>
                        <Typography variant="caption" color="text.secondary" component="p">
                          {r.required ? '必修' : '选修'}
                          {r.deadline ? ` · 截止 ${formatTime(r.deadline, 'YYYY-MM-DD')}` : ''}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          <LinearProgress variant="determinate" value={r.progress} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-label={`${r.title} 进度`} />
                          <Typography variant="caption">{r.progress}%</Typography>
                        </Box>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                        {formatDuration(r.learnedSeconds)} / {formatDuration(r.needSeconds)}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatTime(r.startTime, 'YYYY-MM-DD HH:mm') || '—'}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatTime(r.finishTime, 'YYYY-MM-DD HH:mm') || '—'}</TableCell>
                      <TableCell>
                        <StateCell r={r} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {page.total > PAGE_SIZE && <ListPagination total={page.total} current={current} size={PAGE_SIZE} onChange={go} />}
          </>
        )
      }
    </QueryState>
  );
}
