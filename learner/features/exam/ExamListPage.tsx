import { lazy, Suspense, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { OnlineExam } from '../../../common/api/exam';
import { ExamState } from '../../../common/codes';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { useOnlineExams } from './api/exam';
import { ContinueBanner } from './ContinueBanner';
import { chanceText, durationText, examWindow, needsPassword, scoreText, stateColor } from './format';

const PAGE_SIZE = 10;

// Most learners have fewer exams than a page: the pager's code loads only when there is more than one page.
const ListPagination = lazy(() => import('../../components/ListPagination').then((m) => ({ default: m.ListPagination })));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ExamRow({ exam }: { exam: OnlineExam }) {
  const open = exam.state === ExamState.OPEN;
  const used = exam.chance > 0 && exam.tryCount >= exam.chance && !exam.openPaperId;
  const action = exam.openPaperId ? (
    <Button component={RouterLink} to={paths.examStart.to(exam.openPaperId)} variant="contained" color="warning">
      继续考试
    </Button>
  ) : (
    <Button component={RouterLink} to={paths.examCheck.to(exam.id)} variant={open && !used ? 'contained' : 'outlined'}>
      {open && !used ? '进入考试' : '查看详情'}
    </Button>
  );
  return (
    <Card component="li" aria-label={exam.title} sx={{ listStyle: 'none', p: { xs: 2, sm: 2.5 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ xs: 'stretch', md: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            <Typography component="h2" sx={{ fontWeight: 600, fontSize: 17, mr: 0.5 }}>
              {exam.title}
            </Typography>
            <Chip size="small" color={stateColor(exam.state)} label={ExamState.label(exam.state)} />
            {needsPassword(exam) && <Chip size="small" variant="outlined" label="需要密码" />}
            {exam.bestScore !== null && (
              <Chip size="small" variant="outlined" color={exam.passed ? 'success' : 'default'} label={exam.passed ? '已通过' : '未通过'} />
            )}
          </Stack>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
            <Fact label="考试时间">{examWindow(exam)}</Fact>
            <Fact label="考试时长">{durationText(exam.totalTime)}</Fact>
            <Fact label="总分 / 及格">
              {scoreText(exam.totalScore)} / {scoreText(exam.qualifyScore)}
            </Fact>
            <Fact label="考试次数">{chanceText(exam)}</Fact>
          </Box>
          {exam.bestScore !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              最高得分：<b>{scoreText(exam.bestScore)}</b>
            </Typography>
          )}
        </Box>
        <Stack direction={{ xs: 'row', md: 'column' }} spacing={1} sx={{ flexShrink: 0, '& > *': { flex: { xs: 1, md: 'none' } } }}>
          {action}
        </Stack>
      </Stack>
    </Card>
  );
}

/** /web/index, the learner home: the exams open to me, searchable, with the "continue your exam" banner. */
export function ExamListPage() {
  const [search, setSearch] = useSearchParams();
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const title = search.get('title') ?? '';
  const [input, setInput] = useState(title);
  const query = useOnlineExams({ current, size: PAGE_SIZE, title });

  const go = (next: { page?: number; title?: string }) => {
    const params = new URLSearchParams();
    const text = next.title ?? title;
    if (text) params.set('title', text);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ title: input.trim(), page: 1 });
  };

  return (
    <PageContainer
      title="在线考试"
      actions={
        <Stack direction="row" spacing={1} alignItems="center" sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Box component="form" role="search" onSubmit={submit} sx={{ flex: 1, width: { sm: 280 } }}>
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
          <Button component={RouterLink} to={paths.examDebug.path} variant="text" sx={{ whiteSpace: 'nowrap' }}>
            设备检测
          </Button>
        </Stack>
      }
    >
      <ContinueBanner />
      <QueryState query={query}>
        {(page) =>
          page.records.length === 0 ? (
            <Card>
              <EmptyState text={title ? '没有找到相关考试' : '暂无可参加的考试'} />
            </Card>
          ) : (
            <Stack component="ul" aria-label="考试列表" spacing={2} sx={{ m: 0, p: 0 }}>
              {page.records.map((exam) => (
                <ExamRow key={exam.id} exam={exam} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {query.data && query.data.total > PAGE_SIZE && (
        <Suspense fallback={null}>
          <ListPagination total={query.data.total} current={current} size={PAGE_SIZE} onChange={(page) => go({ page })} />
        </Suspense>
      )}
    </PageContainer>
  );
}
