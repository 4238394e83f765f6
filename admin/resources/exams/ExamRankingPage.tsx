import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Box,
  Card,
  Chip,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { examApi, rankingApi, type RankingEntry } from '../../../common/api';
import { ResultShow } from '../../../common/codes';
import { call } from '../../../common/http';
import { endpointKey, endpointQuery } from '../../providers/endpointQuery';
import { EmptyState } from '../shared/EmptyState';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { useDuration } from '../papers/paperParts';
import { ExamPageShell } from './ExamPageShell';

const MEDALS = ['#f5a623', '#9aa5b1', '#c47f3a'];

/** A rank, the first three on a medal's colour. */
function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 28,
        height: 28,
        px: 0.75,
        borderRadius: 14,
        fontWeight: 700,
        fontSize: 14,
        color: medal ? '#fff' : 'text.primary',
        bgcolor: medal ?? 'action.hover',
      }}
    >
      {rank}
    </Box>
  );
}

/** The ranking on a phone: rank, name and department on the left, score and time on the right. */
function RankingCards({ records }: { records: RankingEntry[] }) {
  const translate = useTranslate();
  const duration = useDuration();
  return (
    <List disablePadding aria-label={translate('examhall.exams.rankingTitle')}>
      {records.map((r) => (
        <ListItem key={r.userId} divider sx={{ gap: 1.5 }}>
          <RankBadge rank={r.rank} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {r.realName}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {r.departName || '—'}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {r.score}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {duration(r.timeUsed)}
            </Typography>
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * /exam/list/:id/ranking: 成绩排名 of one exam, as administrators see it (names always), with
 * whether and how its learners see it.
 */
export function ExamRankingPage() {
  const translate = useTranslate();
  const duration = useDuration();
  const { id = '' } = useParams();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const exam = useQuery(endpointQuery(examApi.detail, { id }));
  const ranking = useQuery({
    queryKey: [...endpointKey(rankingApi.ranking), id, page, size],
    queryFn: () => call(rankingApi.ranking, { examId: id, current: page + 1, size }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const e = exam.data;
  const learnersSee = e && e.rankingVisible && e.resultShow >= ResultShow.SCORE;
  let body;
  if (ranking.isPending) body = <LoadingBlock />;
  else if (ranking.isError && !ranking.data) body = <LoadError error={ranking.error} onRetry={() => void ranking.refetch()} retrying={ranking.isFetching} />;
  else if (ranking.data.records.length === 0) body = <EmptyState message="examhall.exams.rankingEmpty" />;
  else
    body = (
      <>
        {phone ? (
          <RankingCards records={ranking.data.records} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={translate('examhall.exams.rankingTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 72 }}>{translate('examhall.exams.rank')}</TableCell>
                  <TableCell>{translate('examhall.exams.learner')}</TableCell>
                  <TableCell>{translate('examhall.exams.depart')}</TableCell>
                  <TableCell align="right">{translate('examhall.exams.score')}</TableCell>
                  <TableCell align="right">{translate('examhall.exams.timeUsed')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ranking.data.records.map((r) => (
                  <TableRow key={r.userId}>
                    <TableCell>
                      <RankBadge rank={r.rank} />
                    </TableCell>
                    <TableCell>{r.realName}</TableCell>
                    <TableCell>{r.departName || '—'}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }}>
                      {r.score}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {duration(r.timeUsed)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={ranking.data.total}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[20, 50, 100]}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(ev) => {
            setSize(Number(ev.target.value));
            setPage(0);
          }}
        />
      </>
    );

  return (
    <ExamPageShell
      label={translate('examhall.exams.rankingTitle')}
      heading={e ? translate('examhall.exams.rankingOf', { title: e.title }) : translate('examhall.exams.rankingTitle')}
      back={translate('examhall.exams.rankingBack')}
      aside={
        e ? (
          <Chip
            size="small"
            color={learnersSee ? 'info' : 'default'}
            variant={learnersSee ? 'filled' : 'outlined'}
            label={translate(learnersSee ? (e.rankingShowNames ? 'examhall.exams.rankingOpen' : 'examhall.exams.rankingOpenAnonymous') : 'examhall.exams.rankingClosed')}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        ) : null
      }
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('examhall.exams.rankingHint')}
          {ranking.data ? ` · ${translate('examhall.exams.rankedCount', { n: ranking.data.total })}` : ''}
        </Typography>
      }
    >
      <Card>{body}</Card>
    </ExamPageShell>
  );
}
