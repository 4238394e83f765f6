import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../../common/api';
import { endpointQuery } from '../providers/endpointQuery';

/** How often the dashboard reads again while it is open (TanStack Query pauses while the tab is hidden). */
export const REFRESH_MS = 30_000;

/** The days the trend shows, today last. */
export const TREND_DAYS = 30;

/** What is happening now: read every REFRESH_MS while the page is open and the tab visible. */
export const useLiveFigures = (enabled: boolean) =>
  useQuery({ ...endpointQuery(dashboardApi.live), enabled, refetchInterval: REFRESH_MS, refetchIntervalInBackground: false });

/** The last TREND_DAYS days, read as often (past days cost the server one indexed read). */
export const useTrend = (enabled: boolean) =>
  useQuery({ ...endpointQuery(dashboardApi.trend, { days: TREND_DAYS }), enabled, refetchInterval: REFRESH_MS, refetchIntervalInBackground: false });
