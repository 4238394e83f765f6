import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { PaperRecord } from '../../../common/api/paper';
import { HandType, PaperState } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useAttempts } from './api/records';
import { attemptScore, paperStateColor, usedTime } from './format';

const PAGE_SIZE = 10;

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {label}
      <Box component="span" sx={{ color: 'text.primary', ml: 0.75 }}>
        {children}
      </Box>
    </Typography>
  );
}

function AttemptRow({ paper, number }: { paper: PaperRecord; number: number }) {
  const open = paper.state === PaperState.IN_EXAM;
  const score = attemptScore(paper);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1.5, sm: 2 }}
      sx={{ px: { xs: 2, sm: 3 }, py: 2, alignItems: { sm: 'center' } }}
      data-testid="attempt"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>第 {number} 次</Typography>
          <Chip size="small" color={paperStateColor(paper.state)} label={PaperState.label(paper.state)} />
          {paper.passed !== null && paper.state === PaperState.FINISHED && (
            <Chip size="small" variant="outlined" color={paper.passed ? 'success' : 'error'} label={paper.passed ? '通过' : '未通过'} />
          )}
        </Stack>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
          <Fact label="得分">{score}</Fact>
          <Fact label="用时">{usedTime(paper.userTime)}</Fact>
          <Fact label="开始时间">{formatTime(paper.createTime, 'YYYY-MM-DD HH:mm')}</Fact>
          {paper.handType !== null && <Fact label="交卷方式">{HandType.label(paper.handType)}</Fact>}
        </Box>
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        {open ? (
          <Button variant="contained" size="small" component={RouterLink} to={paths.examStart.to(paper.id)}>
            继续考试
          </Button>
        ) : paper.state === PaperState.ABANDONED ? null : (
          <Button variant="outlined" size="small" component={RouterLink} to={paths.examResult.to(paper.id)} aria-label={`查看第 ${number} 次的结果`}>
            查看结果
          </Button>
        )}
      </Box>
    </Stack>
  );
}

/** /web/paper/list/{examId}/{userId}: the attempts of one exam, newest first (a learner gets only their own from the server). */
export function PaperListPage() {
  const { examId = '', userId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const query = useAttempts({ examId, userId, current, size: PAGE_SIZE });
  const title = query.data?.records[0]?.title;

  return (
    <PageContainer
      title={title ? `${title}` : '考试记录'}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.paperRecords.path} startIcon={<ArrowBack />} color="inherit">
            我的成绩
          </Button>
          <Button component={RouterLink} to={paths.wrongBook.to(examId)} startIcon={<MenuBookOutlined />} variant="outlined">
            错题本
          </Button>
        </Stack>
      }
    >
      <Card>
        <Box sx={{ height: 4 }}>{query.isFetching && query.data && <LinearProgress aria-label="加载中" />}</Box>
        <QueryState query={query}>
          {(page) =>
            page.records.length === 0 ? (
              <EmptyState text="没有这场考试的记录" />
            ) : (
              <Box component="ul" aria-label="考试记录" sx={{ m: 0, p: 0 }}>
                {page.records.map((paper, i) => (
                  <Box component="li" key={paper.id} sx={{ listStyle: 'none' }}>
                    {i > 0 && <Divider component="div" />}
                    {/* Newest first: the number counts from the first attempt. */}
                    <AttemptRow paper={paper} number={page.total - ((current - 1) * PAGE_SIZE + i)} />
                  </Box>
                ))}
              </Box>
            )
          }
        </QueryState>
      </Card>
      {query.data && query.data.total > PAGE_SIZE && (
        <ListPagination
          total={query.data.total}
          current={current}
          size={PAGE_SIZE}
          onChange={(page) => setSearch(page > 1 ? new URLSearchParams({ page: String(page) }) : new URLSearchParams())}
        />
      )}
    </PageContainer>
  );
}
