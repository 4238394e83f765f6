import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { onlineExamApi } from '../../../../common/api/exam';
import type { BodyOf } from '../../../../common/api/endpoint';
import { paperApi, type FillAnswerBody } from '../../../../common/api/paper';
import { rankingApi } from '../../../../common/api/ranking';
import { statsApi } from '../../../../common/api/stats';
import type { CodeOf, HandType } from '../../../../common/codes';
import { call } from '../../../../common/http';
import { isNotFound } from '../../../components/LoadError';

/** Reads and calls of the exam pages: the list, the pre-exam check, the paper and its result. */

export interface OnlineExamParams {
  current: number;
  size: number;
  title: string;
}

export const examKeys = {
  all: ['exams'] as const,
  list: (params: OnlineExamParams) => ['exams', 'online', params] as const,
  detail: (id: string) => ['exams', 'detail', id] as const,
  process: ['exams', 'process'] as const,
  paper: (id: string) => ['papers', 'detail', id] as const,
  qu: (paperId: string, quId: string) => ['papers', 'qu', paperId, quId] as const,
  result: (id: string) => ['papers', 'result', id] as const,
  ranking: (examId: string, current: number) => ['exams', 'ranking', examId, current] as const,
  distribution: (examId: string) => ['exams', 'distribution', examId] as const,
};

/** Exams I may take. Silent: the page shows a failure itself. */
export const useOnlineExams = (params: OnlineExamParams) =>
  useQuery({
    queryKey: examKeys.list(params),
    queryFn: () => call(onlineExamApi.onlinePaging, { current: params.current, size: params.size, params: { title: params.title } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export const useOnlineExam = (id: string) =>
  useQuery({ queryKey: examKeys.detail(id), queryFn: () => call(onlineExamApi.onlineDetail, { id }, { silent: true }) });

/** My paper in progress (the "continue your exam" banner). */
export const useOpenPaper = () =>
  useQuery({ queryKey: examKeys.process, queryFn: () => call(paperApi.checkProcess, {}, { silent: true }) });

export const preCheck = (examId: string, password?: string) => call(paperApi.preCheck, { examId, password }, { silent: true });
export const createPaper = (examId: string, password?: string) => call(paperApi.createPaper, { examId, password }, { silent: true });

export const getPaperDetail = (id: string) => call(paperApi.paperDetail, { id }, { silent: true });

// A paper the server says does not exist is not retried: the page says so at once.
export const usePaperDetail = (id: string) =>
  useQuery({ queryKey: examKeys.paper(id), queryFn: () => getPaperDetail(id), staleTime: Infinity, retry: (n, e) => !isNotFound(e) && n < 2 });

export const getPaperQu = (paperId: string, quId: string) => call(paperApi.quDetail, { paperId, quId }, { silent: true });

/** Answer saves are quiet: the page shows their state and retries them itself. A short timeout keeps the queue moving. */
export const fillAnswer = (body: FillAnswerBody) => call(paperApi.fillAnswer, body, { silent: true, timeout: 15_000 });

export const leftTime = (id: string) => call(paperApi.leftTime, { id }, { silent: true, timeout: 15_000 });

export const handExam = (id: string, type: CodeOf<typeof HandType>) => call(paperApi.handExam, { id, type }, { silent: true });

export const sendPaperEvent = (body: BodyOf<typeof paperApi.event>) => call(paperApi.event, body, { silent: true, timeout: 15_000 });

export const usePaperResult = (id: string) =>
  useQuery({ queryKey: examKeys.result(id), queryFn: () => call(paperApi.paperResult, { id }, { silent: true }) });

/** My best score against the exam's distribution (the server says whether the exam shows it to me). */
export const useDistribution = (examId: string, enabled: boolean) =>
  useQuery({
    queryKey: examKeys.distribution(examId),
    queryFn: () => call(statsApi.distribution, { examId }, { silent: true }),
    enabled,
    retry: false,
  });

/** A page of an exam's ranking (the server says whether I may see it, and with names). */
export const useRanking = (examId: string, current: number, size: number, enabled: boolean) =>
  useQuery({
    queryKey: examKeys.ranking(examId, current),
    queryFn: () => call(rankingApi.ranking, { examId, current, size }, { silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
