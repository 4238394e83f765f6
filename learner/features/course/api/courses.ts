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

/** Refetched well before the signed file addresses expire (and when the learner comes back to the tab). */
export const courseDetailQuery = (id: string) =>
  queryOptions({
    queryKey: courseKeys.detail(id),
    queryFn: () => call(courseLearnApi.detail, { id }, { silent: true }),
    refetchInterval: (q) => {
      const expire = q.state.data?.urlExpireTime;
      return expire ? Math.max(60_000, Math.min(30 * 60_000, (expire - Date.now()) / 2)) : false;
    },
  });

export const useCourseDetail = (id: string) => useQuery(courseDetailQuery(id));

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
