import { useState } from 'react';
import { Box, Chip, List, ListItem, Stack, TablePagination, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { statsAnswersApi, type StatsAnswer, type StatsAttempts } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { EmptyState } from '../shared/EmptyState';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { figure } from './statsFormat';

const PAGE_SIZE = 10;

/** One learner's answer: who (and their department), right or wrong with the points, then the answer itself. */
function AnswerRow({ a }: { a: StatsAnswer }) {
  const translate = useTranslate();
  const name = a.realName || a.userName;
  return (
    <ListItem divider disableGutters aria-label={translate('examhall.stats.answersOf', { name })} sx={{ display: 'block', py: 1 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: { xs: 'block', sm: 'inline' }, ml: { xs: 0, sm: 1 }, overflowWrap: 'anywhere' }}>
            {[a.departName, translate('examhall.stats.handedAt', { time: formatTime(a.handTime, 'MM-DD HH:mm') })].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Chip
          size="small"
          variant="outlined"
          color={a.isRight ? 'success' : 'error'}
          label={`${translate(a.isRight ? 'examhall.stats.answerRight' : 'examhall.stats.answerWrong')} ${translate('examhall.stats.points', { n: figure(a.score) })}`}
          sx={{ height: 22, flexShrink: 0 }}
        />
      </Stack>
      <Typography variant="body2" color={a.answer ? 'text.primary' : 'text.secondary'} sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {a.answer || translate('examhall.stats.unanswered')}
      </Typography>
    </ListItem>
  );
}

/**
 * 考生作答 in a question's detail: the learners' answers to it on handed-in papers of the attempts
 * chosen on the page, ten at a time, latest hand-in first.
 */
export function QuestionAnswers({ examId, quId, attempts }: { examId: string; quId: string; attempts: StatsAttempts }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const answers = useQuery({
    queryKey: [...endpointKey(statsAnswersApi.answers), examId, quId, attempts, page],
    queryFn: () => call(statsAnswersApi.answers, { examId, quId, attempts, current: page + 1, size: PAGE_SIZE }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (answers.isPending) return <LoadingBlock />;
  if (answers.isError && !answers.data) return <LoadError error={answers.error} onRetry={() => void answers.refetch()} retrying={answers.isFetching} />;
  if (answers.data.total === 0) return <EmptyState message="examhall.stats.answersEmpty" />;
  return (
    <>
      <List disablePadding aria-label={translate('examhall.stats.answers')}>
        {answers.data.records.map((a) => (
          <AnswerRow key={a.paperId} a={a} />
        ))}
      </List>
      {answers.data.total > PAGE_SIZE ? (
        <TablePagination
          component="div"
          count={answers.data.total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[]}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          onPageChange={(_e, p) => setPage(p)}
        />
      ) : null}
    </>
  );
}
