import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BeatBody, MyCourseDetail, MyCourseFile } from '../../../../common/api/course';
import { courseLearnApi, courseRecordApi } from '../../../../common/api/course';
import type { CodeOf } from '../../../../common/codes';
import type { CourseTab } from '../../../../common/api/course';
import { call } from '../../../../common/http';

export type CourseTabCode = CodeOf<typeof CourseTab>;

export interface MyCourseListParams {
  current: number;
  size: number;
  tab: CourseTabCode;
  title: string;
}

export const courseKeys = {
  all: ['courses'] as const,
  list: (params: MyCourseListParams) => ['courses', 'list', params] as const,
  detail: (id: string) => ['courses', 'detail', id] as const,
  records: (params: { current: number; size: number; title: string }) => ['courses', 'records', params] as const,
};

/** Published courses open to me, by tab. Silent: the page shows a failure itself. */
export const getMyCourses = ({ current, size, tab, title }: MyCourseListParams) =>
  call(courseLearnApi.myPaging, { current, size, params: { tab, title } }, { silent: true });

export const useMyCourses = (params: MyCourseListParams) =>
  useQuery({ queryKey: courseKeys.list(params), queryFn: () => getMyCourses(params), placeholderData: keepPreviousData });

/** A course as the page keeps it: with when (by this browser's clock) to fetch fresh file addresses. */
export type CourseDetailData = MyCourseDetail & { renewAt: number };

/** Past renewAt, a renewal that failed is tried again this often until one succeeds. */
export const URL_RENEW_RETRY_MS = 30_000;

export const courseDetailQuery = (id: string) =>
  queryOptions({
    queryKey: courseKeys.detail(id),
    queryFn: async (): Promise<CourseDetailData> => {
      const detail = await call(courseLearnApi.detail, { id }, { silent: true });
      return { ...detail, renewAt: Date.now() + detail.urlRenewAfter };
    },
  });

/**
 * A course for the learner page, fetched again before its signed file addresses lapse. The server
 * says after how long (urlRenewAfter, a few minutes before they lapse), counted from its answer, so
 * a skewed clock in the browser changes nothing. The timer is the page's own, not the query's
 * refetchInterval: every beat patches the kept course, and a query timer starts again at each
 * change. Runs also while the tab is hidden (a lecture heard, not watched); a renewal that fails
 * is tried again every URL_RENEW_RETRY_MS.
 */
export function useCourseDetail(id: string) {
  const query = useQuery(courseDetailQuery(id));
  const renewAt = query.data?.renewAt;
  const { refetch } = query;
  useEffect(() => {
    if (renewAt === undefined) return;
    let stopped = false;
    let timer = 0;
    const renew = async () => {
      const r = await refetch();
      // Renewed: a new renewAt starts this over. Not renewed: again shortly.
      if (!stopped && r.data?.renewAt === renewAt) timer = window.setTimeout(() => void renew(), URL_RENEW_RETRY_MS);
    };
    timer = window.setTimeout(() => void renew(), Math.max(0, renewAt - Date.now()));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [renewAt, refetch]);
  return query;
}

/** Heartbeats are quiet: a rule that stepped in is told through the result, a lost beat is simply retried by the next one. */
export const sendBeat = (body: BeatBody) => call(courseLearnApi.beat, body, { silent: true });

export const confirmPresence = (courseId: string) => call(courseLearnApi.confirm, { courseId });

/** My learning records (user centre). */
export const useMyCourseRecords = (params: { current: number; size: number; title: string }) =>
  useQuery({
    queryKey: courseKeys.records(params),
    queryFn: () => call(courseRecordApi.myPaging, { current: params.current, size: params.size, params: { title: params.title } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

/** Every file of a course in learning order: loose files first, then each chapter's. */
export const filesInOrder = (detail: MyCourseDetail): MyCourseFile[] => [...detail.files, ...detail.chapters.flatMap((c) => c.files)];
