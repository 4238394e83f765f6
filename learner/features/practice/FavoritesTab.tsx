import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Star from '@mui/icons-material/Star';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Link as RouterLink } from 'react-router-dom';
import { PracticeMode, QuType } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useFavorites, useSetFavorite } from './api/practice';

const PAGE_SIZE = 20;

/** 我的收藏 on /web/repo: the questions I starred, each bank's practisable as a set. */
export function FavoritesTab({ title, current, onPage }: { title: string; current: number; onPage: (page: number) => void }) {
  const query = useFavorites({ current, size: PAGE_SIZE, title });
  const unstar = useSetFavorite();
  return (
    <>
      <Box sx={{ height: 3 }}>{query.isFetching && query.data && <LinearProgress aria-label="加载中" sx={{ height: 3 }} />}</Box>
      <QueryState query={query}>
        {(page) => {
          if (page.records.length === 0) {
            return (
              <Card>
                <EmptyState text={title ? '没有找到相关试题' : '还没有收藏的试题，练习时点击星标即可收藏'} />
              </Card>
            );
          }
          const banks = [...new Map(page.records.map((r) => [r.repoId, r.repoTitle])).entries()];
          return (
            <Card>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, p: 2, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
                  练习收藏：
                </Typography>
                {banks.map(([repoId, repoTitle]) => (
                  <Button
                    key={repoId}
                    size="small"
                    variant="outlined"
                    startIcon={<PlayArrow />}
                    component={RouterLink}
                    to={paths.repoTraining.to(repoId, PracticeMode.FAVORITE)}
                    sx={{ maxWidth: '100%' }}
                  >
                    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {repoTitle}
                    </Box>
                  </Button>
                ))}
              </Stack>
              <Box component="ul" aria-label="收藏的试题" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {page.records.map((r) => (
                  <Box
                    component="li"
                    key={r.quId}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Link component={RouterLink} to={paths.quView.to(r.quId)} underline="hover" color="text.primary" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {r.title || '（无题干文字）'}
                      </Link>
                      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', minWidth: 0 }}>
                        <Chip size="small" label={QuType.label(r.quType)} />
                        <Typography variant="caption" color="text.secondary" noWrap>
                          {r.repoTitle} · 收藏于 {formatTime(r.createTime, 'YYYY-MM-DD')}
                        </Typography>
                      </Stack>
                    </Box>
                    <Tooltip title="取消收藏">
                      <span>
                        <IconButton
                          aria-label={`取消收藏 ${r.title}`}
                          onClick={() => unstar.mutate({ quId: r.quId, favorite: false })}
                          disabled={unstar.isPending && unstar.variables?.quId === r.quId}
                          sx={{ color: 'warning.main' }}
                        >
                          <Star />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Box>
                ))}
              </Box>
            </Card>
          );
        }}
      </QueryState>
      {query.data && query.data.total > PAGE_SIZE && <ListPagination total={query.data.total} current={current} size={PAGE_SIZE} onChange={(page) => onPage(page)} />}
    </>
  );
}
