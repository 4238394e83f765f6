import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { RankingEntry } from '../../../common/api/ranking';
import { LoadError } from '../../components/LoadError';
import { useRanking } from './api/exam';
import { scoreText } from './format';

const SIZE = 20;
const MEDALS = ['#f5a623', '#9aa5b1', '#c47f3a'];

/** "12 分 05 秒", "45 秒". */
export const timeUsedText = (seconds: number) => (seconds < 60 ? `${seconds} 秒` : `${Math.floor(seconds / 60)} 分 ${String(seconds % 60).padStart(2, '0')} 秒`);

export function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 30,
        height: 30,
        px: 0.75,
        borderRadius: 15,
        fontWeight: 700,
        flexShrink: 0,
        color: medal ? '#fff' : 'text.primary',
        bgcolor: medal ?? 'action.hover',
      }}
    >
      {rank}
    </Box>
  );
}

function Row({ entry, mine, showNames }: { entry: RankingEntry; mine: boolean; showNames: boolean }) {
  const who = mine ? (showNames ? `${entry.realName}（我）` : '我') : showNames ? entry.realName : '考生';
  return (
    <ListItem divider sx={{ gap: 1.5, bgcolor: mine ? 'action.selected' : undefined, borderRadius: mine ? 1 : 0 }} aria-current={mine ? 'true' : undefined}>
      <RankBadge rank={entry.rank} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: mine ? 700 : 500 }}>
          {who}
        </Typography>
        {showNames && entry.departName ? (
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            {entry.departName}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{scoreText(entry.score)} 分</Typography>
        <Typography variant="caption" color="text.secondary">
          用时 {timeUsedText(entry.timeUsed)}
        </Typography>
      </Box>
    </ListItem>
  );
}

/** 成绩排名: the exam's ranking a page at a time, my row marked; without names where the exam hides them. */
export function RankingDialog({ examId, title, open, onClose }: { examId: string; title: string; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const query = useRanking(examId, page, SIZE, open);
  const data = query.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="ranking-title">
      <DialogTitle id="ranking-title">
        成绩排名
        <Typography variant="body2" color="text.secondary" component="div">
          {title}
          {data ? ` · 共 ${data.total} 人` : ''}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 2 } }}>
        {query.isError && !data ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} height={52} />)
        ) : (
          <>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1, mb: 1 }}>
              按每人最高分排名，分数相同时用时短者在前，分数和用时都相同的名次并列。
            </Typography>
            <List disablePadding aria-label="排名榜">
              {data.records.map((r) => (
                <Row key={r.userId} entry={r} mine={r.userId === data.mine?.userId} showNames={data.showNames} />
              ))}
            </List>
            {data.mine && !data.records.some((r) => r.userId === data.mine?.userId) ? (
              <Box sx={{ mt: 1.5 }}>
                <Row entry={data.mine} mine showNames={data.showNames} />
              </Box>
            ) : null}
            {data.pages > 1 ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                <Pagination count={data.pages} page={page} onChange={(_e, p) => setPage(p)} size="small" />
              </Box>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
