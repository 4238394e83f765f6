import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { WrongBookItem } from '../../../common/api/wrongBook';
import { QuType } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { notify } from '../../../common/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { PageContainer } from '../../components/PageContainer';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useExamTitle, useRemoveWrong, useWrongBook } from './api/wrongBook';
import { WrongBookWalk } from './WrongBookWalk';
import { WrongCountChip } from './WrongCountChip';

const PAGE_SIZE = 10;

function WrongRow({ item, number, onRemove }: { item: WrongBookItem; number: number; onRemove: () => void }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ px: { xs: 2, sm: 3 }, py: 2, alignItems: { sm: 'center' } }}
      data-testid="wrong-item"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography color="text.secondary" sx={{ fontWeight: 600, minWidth: 24 }}>
            {number}.
          </Typography>
          <Chip size="small" label={QuType.label(item.quType)} />
          <WrongCountChip item={item} />
        </Stack>
        <Typography
          sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', wordBreak: 'break-word' }}
        >
          {item.title || '（无题干文字）'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {item.partial ? '最近作答' : '最近答错'} {formatTime(item.updateTime, 'YYYY-MM-DD HH:mm')}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}>
        <Button size="small" variant="outlined" component={RouterLink} to={paths.quView.to(item.quId)} aria-label={`查看第 ${number} 题的答案解析`}>
          答案解析
        </Button>
        <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={onRemove} aria-label={`将第 ${number} 题移出错题本`}>
          移出
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * /web/book/list/{examId}: the questions of an exam I got wrong, with how often; remove one (after a
 * confirmation), open its answer and analysis, or walk through them all (?walk=1).
 * /web/book/point?tag=…: those of one knowledge point across exams (from the user centre's mastery),
 * with the banks that practise it instead of the walk (which goes exam by exam).
 */
export function WrongBookPage() {
  const { examId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const tag = examId ? '' : (search.get('tag') ?? '').trim();
  const walking = !tag && search.get('walk') === '1';
  const current = Math.max(1, Math.trunc(Number(search.get('page'))) || 1);
  const query = useWrongBook({ examId, tag, current, size: PAGE_SIZE });
  const remove = useRemoveWrong();
  const examTitle = useExamTitle(examId).data;
  const subtitle = tag ? `知识点：${tag}` : examTitle;
  const heading = (text: string) => (
    <>
      {text}
      {subtitle && (
        <Typography component="span" color="text.secondary" sx={{ display: 'block', fontSize: 14, mt: 0.5, overflowWrap: 'anywhere' }}>
          {subtitle}
        </Typography>
      )}
    </>
  );
  const [removing, setRemoving] = useState<WrongBookItem | null>(null);

  const setPage = (page: number) => setSearch(new URLSearchParams({ ...(tag ? { tag } : {}), ...(page > 1 ? { page: String(page) } : {}) }));
  const total = query.data?.total ?? 0;

  if (walking) {
    return (
      <PageContainer
        width="reading"
        title={heading('错题练习')}
        actions={
          <Button onClick={() => setSearch(new URLSearchParams())} startIcon={<ArrowBack />} color="inherit" sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            退出练习
          </Button>
        }
      >
        <WrongBookWalk examId={examId} onExit={() => setSearch(new URLSearchParams())} />
      </PageContainer>
    );
  }

  const confirmRemove = async () => {
    if (!removing) return;
    await remove.mutateAsync([removing.id]).then(
      () => {
        notify.success('已移出错题本');
        // The last row of a later page gone: show the page before it.
        if (query.data && query.data.records.length === 1 && current > 1) setPage(current - 1);
      },
      // Shown by the http client.
      () => undefined,
    );
  };

  return (
    <PageContainer
      title={heading('错题本')}
      actions={
        <Stack direction="row" spacing={1} sx={{ justifyContent: { xs: 'space-between', sm: 'flex-end' } }}>
          {tag ? (
            <>
              <Button component={RouterLink} to={paths.userCenter.to('mastery')} startIcon={<ArrowBack />} color="inherit">
                知识点掌握
              </Button>
              <Button variant="contained" disableElevation startIcon={<PlayArrow />} component={RouterLink} to={paths.repo.to(undefined, tag)}>
                练习此知识点
              </Button>
            </>
          ) : (
            <>
              <Button component={RouterLink} to={paths.paperRecords.path} startIcon={<ArrowBack />} color="inherit">
                我的成绩
              </Button>
              <Button
                variant="contained"
                disableElevation
                startIcon={<PlayArrow />}
                disabled={total === 0}
                onClick={() => setSearch(new URLSearchParams({ walk: '1' }))}
              >
                开始练习
              </Button>
            </>
          )}
        </Stack>
      }
    >
      <Card>
        <Box sx={{ height: 4 }}>{query.isFetching && query.data && <LinearProgress aria-label="加载中" />}</Box>
        <QueryState query={query}>
          {(page) =>
            page.records.length === 0 ? (
              // An exam whose results do not release the answers (or not yet) keeps its wrong book empty, and says why.
              <EmptyState text={page.held ?? (tag ? '错题本里没有这个知识点的题目' : '错题本里没有题目，继续保持！')} />
            ) : (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pt: 1, pb: 0.5 }}>
                  共 {page.total} 道题，最近记入的在前
                </Typography>
                <Box component="ul" aria-label="错题列表" sx={{ m: 0, p: 0 }}>
                  {page.records.map((item, i) => (
                    <Box component="li" key={item.id} sx={{ listStyle: 'none' }}>
                      {i > 0 && <Divider component="div" />}
                      <WrongRow item={item} number={(current - 1) * PAGE_SIZE + i + 1} onRemove={() => setRemoving(item)} />
                    </Box>
                  ))}
                </Box>
              </>
            )
          }
        </QueryState>
      </Card>
      {total > PAGE_SIZE && <ListPagination total={total} current={current} size={PAGE_SIZE} onChange={setPage} />}
      <ConfirmDialog
        open={removing !== null}
        title="移出错题本"
        message="确定将这道题移出错题本吗？移出后不会再出现在错题练习中。"
        confirmText="移出"
        danger
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </PageContainer>
  );
}
