import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { relativeTime } from '../../../common/format';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { useNotices } from './api/getNotices';

const PAGE_SIZE = 10;

/** /web/notice: the published notices this learner may see, searchable by title, paged (state in the URL). */
export function NoticeListPage() {
  const [search, setSearch] = useSearchParams();
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const title = search.get('title') ?? '';
  const [input, setInput] = useState(title);
  const query = useNotices({ current, size: PAGE_SIZE, title });

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
      title="系统公告"
      actions={
        <Box component="form" role="search" onSubmit={submit} sx={{ width: { xs: '100%', sm: 320 } }}>
          <TextInput
            size="small"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder="搜索公告标题"
            aria-label="搜索公告标题"
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
              <EmptyState text={title ? '没有找到相关公告' : '暂无公告'} />
            ) : (
              <List disablePadding aria-label="公告列表">
                {page.records.map((notice, i) => (
                  <Box component="li" key={notice.id} sx={{ listStyle: 'none' }}>
                    {i > 0 && <Divider component="div" />}
                    <ListItemButton
                      component={RouterLink}
                      to={paths.noticeDetail.to(notice.id)}
                      sx={{ px: { xs: 2, sm: 3 }, py: 2, gap: 2, alignItems: 'flex-start' }}
                    >
                      <CampaignOutlined color="primary" sx={{ mt: 0.25, display: { xs: 'none', sm: 'block' } }} aria-hidden />
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 500, fontSize: 16 }} noWrap>
                          {notice.title}
                        </Typography>
                        {notice.createByName && (
                          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                            {notice.createByName}
                          </Typography>
                        )}
                      </Box>
                      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, mt: 0.25 }}>
                        {relativeTime(notice.publishTime ?? notice.createTime)}
                      </Typography>
                    </ListItemButton>
                  </Box>
                ))}
              </List>
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
