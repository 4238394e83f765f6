import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PracticeRepo } from '../../../common/api/practice';
import { PracticeMode } from '../../../common/codes';
import { relativeTime } from '../../../common/format';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { accuracy, selfAssessedText, usePracticeRepos } from './api/practice';
import { FavoritesTab } from './FavoritesTab';

const PAGE_SIZE = 12;

type ListTab = 'repo' | 'fav';

/** One bank: what it holds, how far I got and how well, and the way in (`tag`: practising that knowledge point). */
export function RepoCard({ repo, tag }: { repo: PracticeRepo; tag?: string }) {
  const progress = repo.quCount > 0 ? Math.min(100, Math.round((repo.answered * 100) / repo.quCount)) : 0;
  return (
    <Card component="li" sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', p: 2, gap: 1.25 }} aria-label={repo.title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Link
          component={RouterLink}
          to={paths.repoView.to(repo.id)}
          underline="hover"
          color="text.primary"
          sx={{ fontWeight: 600, fontSize: 16, lineHeight: 1.4, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {repo.title}
        </Link>
        {repo.catName && <Chip size="small" variant="outlined" label={repo.catName} sx={{ flexShrink: 0 }} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: 40, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {repo.remark || '暂无简介'}
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between', textAlign: 'center' }}>
        {[
          ['试题', repo.quCount],
          ['已练', repo.answered],
          ['正确率', accuracy(repo)],
        ].map(([label, value]) => (
          <Box key={label} sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 600, fontSize: 18 }}>{value}</Typography>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
          </Box>
        ))}
      </Stack>
      {repo.selfAssessed > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {selfAssessedText(repo)}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <LinearProgress variant="determinate" value={progress} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-label={`练习进度 ${progress}%`} />
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40, textAlign: 'right' }}>
          {progress}%
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 'auto' }}>
        <Typography variant="caption" color="text.secondary" noWrap>
          {repo.lastTime ? `上次练习：${relativeTime(repo.lastTime)}` : '还没有练习过'}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" component={RouterLink} to={paths.repoView.to(repo.id)} aria-label={`${repo.title} 详情`}>
            详情
          </Button>
          {tag ? (
            <Button
              size="small"
              variant="contained"
              disableElevation
              component={RouterLink}
              to={paths.repoTraining.to(repo.id, PracticeMode.BY_TAG, { tag })}
              aria-label={`练习知识点 ${tag}：${repo.title}`}
            >
              练此知识点
            </Button>
          ) : (
            <Button
              size="small"
              variant="contained"
              disableElevation
              component={RouterLink}
              to={paths.repoTraining.to(repo.id, PracticeMode.SEQUENTIAL)}
              aria-label={`${repo.lastTime ? '继续练习' : '开始练习'} ${repo.title}`}
            >
              {repo.lastTime ? '继续练习' : '开始练习'}
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

function RepoList({ title, tag, current, onPage }: { title: string; tag: string; current: number; onPage: (page: number) => void }) {
  const query = usePracticeRepos({ current, size: PAGE_SIZE, title, tag });
  return (
    <>
      <Box sx={{ height: 3 }}>{query.isFetching && query.data && <LinearProgress aria-label="加载中" sx={{ height: 3 }} />}</Box>
      <QueryState query={query}>
        {(page) =>
          page.records.length === 0 ? (
            <Card>
              <EmptyState text={tag ? '没有开放练习的题库包含这个知识点' : title ? '没有找到相关题库' : '暂时没有开放练习的题库'} />
            </Card>
          ) : (
            <Box
              component="ul"
              aria-label="题库列表"
              sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
            >
              {page.records.map((repo) => (
                <RepoCard key={repo.id} repo={repo} tag={tag || undefined} />
              ))}
            </Box>
          )
        }
      </QueryState>
      {query.data && query.data.total > PAGE_SIZE && <ListPagination total={query.data.total} current={current} size={PAGE_SIZE} onChange={(page) => onPage(page)} />}
    </>
  );
}

/** /web/repo: the banks open to me (searchable, paged), and my starred questions (?tab=fav). */
export function RepoListPage() {
  const [search, setSearch] = useSearchParams();
  const tab: ListTab = search.get('tab') === 'fav' ? 'fav' : 'repo';
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const title = search.get('title') ?? '';
  /** From the user centre's mastery: the banks holding one knowledge point. */
  const tag = tab === 'repo' ? (search.get('tag') ?? '').trim() : '';
  const [input, setInput] = useState(title);

  const go = (next: { tab?: ListTab; page?: number; title?: string; tag?: string }) => {
    const params = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t === 'fav') params.set('tab', 'fav');
    const point = t === 'repo' ? (next.tag ?? tag) : '';
    if (point) params.set('tag', point);
    const text = next.title ?? title;
    if (text) params.set('title', text);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ title: input.trim(), page: 1 });
  };
  const placeholder = tab === 'fav' ? '搜索收藏的试题' : '搜索题库名称';

  return (
    <PageContainer
      title="题库训练"
      actions={
        <Box component="form" role="search" onSubmit={submit} sx={{ width: { xs: '100%', sm: 320 } }}>
          <TextInput
            size="small"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={placeholder}
            aria-label={placeholder}
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
        <Tabs
          value={tab}
          onChange={(_, v: ListTab) => {
            setInput('');
            go({ tab: v, page: 1, title: '' });
          }}
          aria-label="题库训练分类"
          sx={{ px: { xs: 0, sm: 1 } }}
        >
          <Tab value="repo" label="题库练习" />
          <Tab value="fav" label="我的收藏" />
        </Tabs>
      </Card>
      {tab === 'fav' ? (
        <FavoritesTab title={title} current={current} onPage={(page) => go({ page })} />
      ) : (
        <>
          {tag && (
            <Alert
              severity="info"
              sx={{ mb: 2, overflowWrap: 'anywhere' }}
              action={
                <Button color="inherit" size="small" onClick={() => go({ tag: '', page: 1 })}>
                  全部题库
                </Button>
              }
            >
              包含知识点“{tag}”的题库：“练此知识点”只练这个知识点的题
            </Alert>
          )}
          <RepoList title={title} tag={tag} current={current} onPage={(page) => go({ page })} />
        </>
      )}
    </PageContainer>
  );
}
