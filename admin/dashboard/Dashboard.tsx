import { lazy, Suspense } from 'react';
import { useCanAccess, useGetIdentity, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { formatTime } from '../../common/format';
import { LoadError } from '../resources/shared/LoadError';
import { EndingSoonCard, LowestCompletionCard } from './DashboardLists';
import { LiveCards } from './LiveCards';
import { TREND_DAYS, useLiveFigures, useTrend } from './useDashboard';

// ECharts is its own chunk: the dashboard's figures show first, within the first screen's budget.
const TrendCharts = lazy(() => import('./TrendCharts'));

function SectionHeading({ title, aside }: { title: string; aside?: React.ReactNode }) {
  return (
    <Stack direction="row" alignItems="center" spacing={1} sx={{ mt: 1, minHeight: 32 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ flex: 1 }} />
      {aside}
    </Stack>
  );
}

const ChartsLoading = () => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}>
    {[0, 1, 2, 3].map((i) => (
      <Skeleton key={i} variant="rounded" height={196} />
    ))}
  </Box>
);

/**
 * 控制台: what is happening now (each figure opens its list), the last 30 days as small charts,
 * exams ending soon and the courses learners finish least. Reads again every 30 s while open
 * (not while the tab is hidden).
 */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'dashboard', action: 'list' });
  const allowed = canAccess === true;
  const live = useLiveFigures(allowed);
  const trend = useTrend(allowed);

  let content;
  if (!checking && canAccess === false) content = <Typography color="text.secondary">{translate('dashboard.noAccess')}</Typography>;
  else if (live.isError && !live.data)
    content = (
      <Card>
        <LoadError error={live.error} onRetry={() => void live.refetch()} retrying={live.isFetching} />
      </Card>
    );
  else
    content = (
      <>
        <SectionHeading
          title={translate('dashboard.now')}
          aside={
            live.data ? (
              <>
                <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
                  {translate('dashboard.refreshing', { time: formatTime(live.data.computedAt, 'HH:mm:ss') })}
                </Typography>
                <Tooltip title={translate('dashboard.refresh')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={translate('dashboard.refresh')}
                      disabled={live.isFetching}
                      onClick={() => void Promise.all([live.refetch(), trend.refetch()])}
                    >
                      <RefreshIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            ) : null
          }
        />
        <LiveCards live={live.data} />
        <SectionHeading title={translate('dashboard.trend', { days: TREND_DAYS })} />
        {trend.isError && !trend.data ? (
          <Card>
            <LoadError error={trend.error} onRetry={() => void trend.refetch()} retrying={trend.isFetching} />
          </Card>
        ) : trend.data ? (
          <Suspense fallback={<ChartsLoading />}>
            <TrendCharts points={trend.data.points} />
          </Suspense>
        ) : (
          <ChartsLoading />
        )}
        <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <EndingSoonCard live={live.data} />
          <LowestCompletionCard live={live.data} />
        </Box>
      </>
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pb: 2 }}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          <Typography variant="h5" component="h1">
            {translate('dashboard.welcome', { name: identity?.fullName ?? '' })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('dashboard.subtitle')}
          </Typography>
        </CardContent>
      </Card>
      {content}
    </Box>
  );
}
