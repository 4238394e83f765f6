import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CourseLearnerState, CourseTab, type MyCourseRecord } from '../../../common/api/course';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { useMyCourses, type CourseTabCode } from './api/courses';
import { CourseCover } from './CourseCover';
import { formatDeadline } from './format';

const PAGE_SIZE = 12;

const EMPTY_TEXT: Record<CourseTabCode, string> = {
  [CourseTab.REQUIRED]: '暂无必修课程',
  [CourseTab.ELECTIVE]: '暂无选修课程',
  [CourseTab.LEARNING]: '还没有正在学习的课程',
  [CourseTab.FINISHED]: '还没有完成的课程',
};

function tabOf(raw: string | null): CourseTabCode {
  const n = Number(raw);
  return CourseTab.has(n) ? n : CourseTab.REQUIRED;
}

function StateChip({ course }: { course: MyCourseRecord }) {
  if (course.state === CourseLearnerState.FINISHED) return <Chip size="small" color="success" label="已完成" />;
  if (course.overdue) return <Chip size="small" color="error" label="已逾期" />;
  if (course.state === CourseLearnerState.LEARNING) return <Chip size="small" color="primary" variant="outlined" label="学习中" />;
  return <Chip size="small" variant="outlined" label="未开始" />;
}

/** One course card: cover, title, progress from the server's figures, deadline. */
export function CourseCard({ course }: { course: MyCourseRecord }) {
  const deadline = formatDeadline(course.deadline);
  return (
    <Card component="li" sx={{ listStyle: 'none', display: 'flex' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.courseView.to(course.id)}
        aria-label={course.title}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start', height: '100%' }}
      >
        <Box sx={{ position: 'relative' }}>
          <CourseCover src={course.cover} title={course.title} />
          <Chip
            size="small"
            label={course.required ? '必修' : '选修'}
            color={course.required ? 'warning' : 'default'}
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: course.required ? undefined : 'background.paper' }}
          />
        </Box>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, lineHeight: 1.4, minHeight: 44, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {course.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {[course.teacher, course.classHours ? `${course.classHours} 学时` : '', `${course.fileCount} 个课件`].filter(Boolean).join(' · ')}
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center">
            <LinearProgress
              variant="determinate"
              value={course.progress}
              color={course.state === CourseLearnerState.FINISHED ? 'success' : 'primary'}
              sx={{ flex: 1, height: 6, borderRadius: 3 }}
              aria-label={`学习进度 ${course.progress}%`}
            />
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40, textAlign: 'right' }}>
              {course.progress}%
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" sx={{ mt: 'auto' }}>
            <Typography variant="caption" color={course.overdue ? 'error' : 'text.secondary'} noWrap>
              {deadline ? `截止：${deadline}` : '不限截止时间'}
            </Typography>
            <StateChip course={course} />
          </Stack>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** /web/course: the courses open to me, by tab (?tab=1..4), searchable, paged. */
export function CourseListPage() {
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const title = search.get('title') ?? '';
  const [input, setInput] = useState(title);
  const query = useMyCourses({ current, size: PAGE_SIZE, tab, title });

  const go = (next: { tab?: CourseTabCode; page?: number; title?: string }) => {
    const params = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== CourseTab.REQUIRED) params.set('tab', String(t));
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
      title="课程学习"
      actions={
        <Box component="form" role="search" onSubmit={submit} sx={{ width: { xs: '100%', sm: 320 } }}>
          <TextInput
            size="small"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="搜索课程名称"
            aria-label="搜索课程名称"
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
      <Card sx={{ mb: 2 }}>
        <Tabs value={tab} onChange={(_, v: CourseTabCode) => go({ tab: v, page: 1 })} variant="scrollable" allowScrollButtonsMobile aria-label="课程分类" sx={{ px: { xs: 0, sm: 1 } }}>
          {CourseTab.items.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
        <Box sx={{ height: 3 }}>{query.isFetching && query.data && <LinearProgress aria-label="加载中" sx={{ height: 3 }} />}</Box>
      </Card>
      <QueryState query={query}>
        {(page) =>
          page.records.length === 0 ? (
            <Card>
              <EmptyState text={title ? '没有找到相关课程' : EMPTY_TEXT[tab]} />
            </Card>
          ) : (
            <Box
              component="ul"
              aria-label="课程列表"
              sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' } }}
            >
              {page.records.map((course) => (
                <CourseCard key={course.id} course={course} />
              ))}
            </Box>
          )
        }
      </QueryState>
      {query.data && query.data.total > PAGE_SIZE && (
        <ListPagination total={query.data.total} current={current} size={PAGE_SIZE} onChange={(page) => go({ page })} />
      )}
    </PageContainer>
  );
}
