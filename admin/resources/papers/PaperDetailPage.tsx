import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, Chip, Divider, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { paperApi, type PaperAdminDetail, type ReviewQu } from '../../../common/api';
import { HandType, PaperEvent, PaperState } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { endpointQuery } from '../../providers/endpointQuery';
import { useCodeLabel } from '../shared/labels';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { PassedChip, PaperStateChip, useDuration } from './paperParts';
import { QuReadOnly } from './QuReadOnly';

const field = (name: string) => `resources.exam/paper.fields.${name}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: { xs: '45%', sm: 150 } }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', fontWeight: 500 }}>{children}</Box>
    </Box>
  );
}

/** How a question went: right, partly, wrong, or waiting for a marker. */
export function Verdict({ qu }: { qu: Pick<ReviewQu, 'actualScore' | 'isRight' | 'score' | 'answered'> }) {
  const translate = useTranslate();
  if (qu.actualScore === null) return <Chip size="small" color="warning" label={translate('examhall.papers.awaiting')} />;
  if (!qu.answered && qu.actualScore === 0) return <Chip size="small" variant="outlined" label={translate('examhall.papers.unanswered')} />;
  if (qu.isRight) return <Chip size="small" color="success" label={translate('examhall.papers.right')} />;
  if (qu.actualScore > 0) return <Chip size="small" color="info" label={translate('examhall.papers.partly')} />;
  return <Chip size="small" color="error" label={translate('examhall.papers.wrong')} />;
}

function Answers({ paper }: { paper: PaperAdminDetail }) {
  const translate = useTranslate();
  let n = 0;
  return (
    <Stack spacing={2.5}>
      {paper.groups.map((g, gi) => (
        <Box key={gi} component="section" aria-label={g.title}>
          <Typography variant="h6" sx={{ fontSize: 16, mb: 1 }}>
            {g.title}
          </Typography>
          <Stack spacing={2} divider={<Divider flexItem />}>
            {g.quList.map((qu) => {
              n += 1;
              return (
                <Box key={qu.quId} data-testid="paper-qu" aria-label={translate('examhall.papers.questionN', { n })} component="article">
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{n}.</Typography>
                    <Verdict qu={qu} />
                    <Typography variant="body2" color="text.secondary">
                      {translate('examhall.papers.scoreOf', { got: qu.actualScore ?? '—', score: qu.score })}
                    </Typography>
                  </Stack>
                  <QuReadOnly question={qu.question} answer={qu.answer} subAnswers={qu.subList.map((s) => s.answer)} />
                  {[qu.comment, ...qu.subList.map((s) => s.comment)].filter((c) => c.trim()).map((c, i) => (
                    <Box key={i} sx={{ mt: 1, p: 1.25, borderRadius: 1.5, bgcolor: 'warning.50', border: 1, borderColor: 'warning.light' }}>
                      <Typography variant="caption" color="text.secondary">
                        {translate('examhall.papers.comment')}
                      </Typography>
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                        {c}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** The integrity events in server time, as a vertical timeline. */
export function Timeline({ events }: { events: PaperAdminDetail['events'] }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  if (events.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('examhall.papers.noEvents')}
      </Typography>
    );
  const alarming = new Set<number>([PaperEvent.LEAVE, PaperEvent.FULLSCREEN_EXIT, PaperEvent.PASTE, PaperEvent.IDLE]);
  return (
    <Box component="ol" aria-label={translate('examhall.papers.timeline')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => (
        <Box component="li" key={i} data-testid="timeline-event" sx={{ display: 'flex', gap: 1.5, pb: 1.5, position: 'relative' }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.5 }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: alarming.has(e.type) ? 'warning.main' : 'primary.main', flexShrink: 0 }} />
            {i < events.length - 1 ? <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', mt: 0.5 }} /> : null}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatTime(e.time, 'MM-DD HH:mm:ss')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {codeLabel(PaperEvent.items, e.type)}
            </Typography>
            {e.detail ? (
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {e.detail}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** /exam/paper/:id/show: who, when, the score, every answer with its grading and comments, and the timeline. */
export function PaperDetailPage() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const duration = useDuration();
  const { id = '' } = useParams();
  const q = useQuery(endpointQuery(paperApi.detail, { id }));
  if (q.isPending) return <LoadingBlock />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const p = q.data;
  const time = (t: number | null) => formatTime(t, 'YYYY-MM-DD HH:mm:ss') || '—';
  return (
    <Box sx={{ pt: 1 }}>
      <Button component={RouterLink} to={`/exam/paper?examId=${encodeURIComponent(p.examId)}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('examhall.papers.back')}
      </Button>
      <Card sx={{ p: 2, mb: 1.5 }}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1.5 }}>
          <Typography variant="h6" component="h1" sx={{ fontSize: 18 }}>
            {p.realName || p.userName} · {p.title}
          </Typography>
          <PaperStateChip state={p.state} />
          <PassedChip passed={p.passed} />
        </Stack>
        <Stack direction="row" flexWrap="wrap" useFlexGap columnGap={3} rowGap={1.5}>
          <Fact label={translate(field('userScore'))}>
            <span data-testid="paper-score">
              {p.userScore === null ? '—' : p.userScore} / {p.totalScore}
            </span>
          </Fact>
          <Fact label={translate(field('qualifyScore'))}>{p.qualifyScore}</Fact>
          <Fact label={translate(field('userName'))}>{p.userName}</Fact>
          <Fact label={translate(field('deptName'))}>{p.deptName || '—'}</Fact>
          <Fact label={translate(field('createTime'))}>{time(p.createTime)}</Fact>
          <Fact label={translate(field('handTime'))}>{time(p.handTime)}</Fact>
          <Fact label={translate(field('userTime'))}>{duration(p.userTime)}</Fact>
          <Fact label={translate(field('handType'))}>{p.handType === null ? '—' : codeLabel(HandType.items, p.handType)}</Fact>
          <Fact label={translate(field('leaveCount'))}>{p.leaveCount}</Fact>
          <Fact label={translate(field('deadline'))}>{time(p.deadline)}</Fact>
        </Stack>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems="flex-start">
        <Card sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }} component="section" aria-label={translate('examhall.papers.answers')}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            {translate('examhall.papers.answers')}
          </Typography>
          {p.state === PaperState.IN_EXAM ? (
            <Typography color="text.secondary">{translate('examhall.papers.inExam')}</Typography>
          ) : (
            <Answers paper={p} />
          )}
        </Card>
        <Card
          sx={{ p: 2, width: { xs: '100%', md: 300 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 8 }, order: { xs: -1, md: 0 } }}
          component="section"
          aria-label={translate('examhall.papers.timeline')}
        >
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
            {translate('examhall.papers.timeline')}
          </Typography>
          <Timeline events={p.events} />
        </Card>
      </Stack>
    </Box>
  );
}
