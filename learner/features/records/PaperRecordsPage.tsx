import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ExamRecordOfUser } from '../../../common/api/exam';
import { formatTime } from '../../../common/format';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { useMyRecords } from './api/records';
import { bestScoreText, lastScoreText, scoreText } from './format';

const PAGE_SIZE = 10;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: 16 }} noWrap>
        {value}
      </Typography>
    </Box>
  );
}

function Verdict({ record }: { record: ExamRecordOfUser }) {
  // The exam shows only its thank-you: no verdict either.
  if (record.passed === null) return null;
  if (record.passed) return <Chip size="small" color="success" label="已通过" />;
  if (record.awaitingMark > 0) return <Chip size="small" color="warning" label="待阅卷" />;
  return <Chip size="small" color="error" variant="outlined" label="未通过" />;
}

function RecordRow({ record }: { record: ExamRecordOfUser }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'center' } }}>
      <ListItemButton
        component={RouterLink}
        to={paths.paperList.to(record.examId, record.userId)}
        aria-label={`${record.title} 的考试记录`}
        sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3 }, py: 2, gap: 2, alignItems: 'center' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.25, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500, fontSize: 16, minWidth: 0 }} noWrap>
              {record.title}
            </Typography>
            <Verdict record={record} />
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 160px))' }, gap: 1.5 }}>
            <Figure label="考试次数" value={`${record.tryCount} 次`} />
            <Figure label="最高分" value={bestScoreText(record)} />
            <Figure label="最近得分" value={lastScoreText(record)} />
            <Figure label="及格分" value={scoreText(record.qualifyScore)} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            最近考试 {formatTime(record.lastHandTime ?? record.updateTime, 'YYYY-MM-DD HH:mm')}
            {record.awaitingMark > 0 && ` · ${record.awaitingMark} 份试卷待阅卷`}
          </Typography>
        </Box>
        <ChevronRight color="action" aria-hidden />
      </ListItemButton>
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 1.5, sm: 0 }, flexShrink: 0 }}>
        <Button size="small" variant="outlined" startIcon={<MenuBookOutlined />} component={RouterLink} to={paths.wrongBook.to(record.examId)}>
          错题本
        </Button>
      </Box>
    </Box>
  );
}

/** My records, one row each: opens the exam's attempts; its wrong book beside it. */
export function RecordList({ records }: { records: readonly ExamRecordOfUser[] }) {
  return (
    <Box component="ul" aria-label="成绩列表" sx={{ m: 0, p: 0 }}>
      {records.map((record, i) => (
        <Box component="li" key={record.id} sx={{ listStyle: 'none' }}>
          {i > 0 && <Divider component="div" />}
          <RecordRow record={record} />
        </Box>
      ))}
    </Box>
  );
}

/** No records: none found for a search, or none yet (then the way to the exams). */
export function NoRecords({ searched }: { searched: boolean }) {
  return (
    <EmptyState
      text={searched ? '没有找到相关考试记录' : '还没有考试记录'}
      action={
        !searched && (
          <Button component={RouterLink} to={paths.examList.path} variant="contained">
            去参加考试
          </Button>
        )
      }
    />
  );
}

/** /web/paper: my record of each exam I took (attempts, best, last, passed), searchable by title; each row opens its attempts. */
export function PaperRecordsPage() {
  const [search, setSearch] = useSearchParams();
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const title = search.get('title') ?? '';
  const [input, setInput] = useState(title);
  const query = useMyRecords({ current, size: PAGE_SIZE, title });

  const go = (next: { page?: number; title?: string }) => {
    const params = new URLSearchParams();
    const t = next.title ?? title;
    if (t) params.set('title', t);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ title: input.trim(), page: 1 });
  };

  return (
    <PageContainer
      title="我的成绩"
      actions={
        <Box component="form" role="search" onSubmit={submit} sx={{ width: { xs: '100%', sm: 320 } }}>
          <TextInput
            size="small"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="搜索考试名称"
            aria-label="搜索考试名称"
            inputSx={{ bgcolor: 'background.paper' }}
            endAdornment={
              <InputAdornment position="end">
                <IconButton type="submit" aria-label="搜索" edge="end" size="small">
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            }
          />
        </Box>
      }
    >
      <Card>
        <Box sx={{ height: 4 }}>{query.isFetching && query.data && <LinearProgress aria-label="加载中" />}</Box>
        <QueryState query={query}>
          {(page) =>
            page.records.length === 0 ? (
              <NoRecords searched={Boolean(title)} />
            ) : (
              <RecordList records={page.records} />
            )
          }
        </QueryState>
      </Card>
      {query.data && query.data.total > PAGE_SIZE && (
        <ListPagination total={query.data.total} current={current} size={PAGE_SIZE} onChange={(page) => go({ page })} />
      )}
    </PageContainer>
  );
}
