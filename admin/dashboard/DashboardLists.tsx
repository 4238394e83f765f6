import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CourseCompletion, DashboardLive, EndingExam } from '../../common/api';
import { formatTime } from '../../common/format';

/** A titled card holding one of the dashboard's lists. */
function ListCard({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ px: 2, pt: 2, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {children}
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 3, pt: 1 }}>
      {text}
    </Typography>
  );
}

const Loading = () => (
  <Box sx={{ px: 2, pb: 2 }}>
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} height={40} />
    ))}
  </Box>
);

/** How long until `end`: days, else hours, else minutes. */
function useTimeLeft() {
  const translate = useTranslate();
  return (ms: number) => {
    const minutes = Math.max(1, Math.ceil(ms / 60_000));
    if (minutes >= 24 * 60) return translate('dashboard.days', { n: Math.floor(minutes / (24 * 60)) });
    if (minutes >= 60) return translate('dashboard.hours', { n: Math.floor(minutes / 60) });
    return translate('dashboard.minutes', { n: minutes });
  };
}

function EndingRow({ exam, now, canPapers }: { exam: EndingExam; now: number; canPapers: boolean }) {
  const translate = useTranslate();
  const timeLeft = useTimeLeft();
  const title = canPapers ? (
    <Link component={RouterLink} to={`/exam/paper?examId=${encodeURIComponent(exam.id)}`} underline="hover">
      {exam.title}
    </Link>
  ) : (
    exam.title
  );
  return (
    <ListItem divider sx={{ display: 'block', px: 2, py: 1.25 }}>
      <Stack direction="row" spacing={1} alignItems="baseline" justifyContent="space-between">
        <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography variant="caption" color="warning.main" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {translate('dashboard.endsIn', { left: timeLeft(exam.endTime - now) })}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={0.75} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
          {translate('dashboard.endsAt', { time: formatTime(exam.endTime, 'MM-DD HH:mm') })}
        </Typography>
        <Chip size="small" color={exam.inExam > 0 ? 'info' : 'default'} variant={exam.inExam > 0 ? 'filled' : 'outlined'} label={translate('dashboard.inExam', { n: exam.inExam })} />
        <Chip size="small" variant="outlined" label={translate('dashboard.handedIn', { n: exam.handedIn })} />
      </Stack>
    </ListItem>
  );
}

/** Open exams ending within a week, soonest first, with who is in them. */
export function EndingSoonCard({ live }: { live: DashboardLive | undefined }) {
  const translate = useTranslate();
  const { canAccess: canPapers } = useCanAccess({ resource: 'exam/paper', action: 'list' });
  let body;
  if (!live) body = <Loading />;
  else if (live.endingSoon.length === 0) body = <Empty text={translate('dashboard.endingSoonEmpty')} />;
  else
    body = (
      <List disablePadding>
        {live.endingSoon.map((e) => (
          <EndingRow key={e.id} exam={e} now={live.computedAt} canPapers={Boolean(canPapers)} />
        ))}
      </List>
    );
  return (
    <ListCard title={translate('dashboard.endingSoon')} hint={translate('dashboard.endingSoonHint')}>
      {body}
    </ListCard>
  );
}

function CompletionRow({ course, canRecords }: { course: CourseCompletion; canRecords: boolean }) {
  const translate = useTranslate();
  const color = course.rate < 30 ? 'error' : course.rate < 70 ? 'warning' : 'success';
  return (
    <ListItem divider sx={{ display: 'block', px: 2, py: 1.25 }}>
      <Stack direction="row" spacing={1} alignItems="baseline" justifyContent="space-between">
        <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
          {canRecords ? (
            <Link component={RouterLink} to={`/course/record?courseId=${encodeURIComponent(course.id)}`} underline="hover">
              {course.title}
            </Link>
          ) : (
            course.title
          )}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
          {course.rate}%
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={course.rate}
        color={color}
        aria-label={`${course.title} ${course.rate}%`}
        sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('dashboard.completionOf', { finished: course.finished, learners: course.learners })}
      </Typography>
    </ListItem>
  );
}

/** Published courses whose learners finish them least, with the share that did. */
export function LowestCompletionCard({ live }: { live: DashboardLive | undefined }) {
  const translate = useTranslate();
  const { canAccess: canRecords } = useCanAccess({ resource: 'course/record', action: 'list' });
  let body;
  if (!live) body = <Loading />;
  else if (live.lowestCompletion.length === 0) body = <Empty text={translate('dashboard.lowestCompletionEmpty')} />;
  else
    body = (
      <List disablePadding>
        {live.lowestCompletion.map((c) => (
          <CompletionRow key={c.id} course={c} canRecords={Boolean(canRecords)} />
        ))}
      </List>
    );
  return (
    <ListCard title={translate('dashboard.lowestCompletion')} hint={translate('dashboard.lowestCompletionHint')}>
      {body}
    </ListCard>
  );
}
