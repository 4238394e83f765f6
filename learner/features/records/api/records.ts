import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userExamApi } from '../../../../common/api/exam';
import { paperApi } from '../../../../common/api/paper';
import { statsApi } from '../../../../common/api/stats';
import { call } from '../../../../common/http';

/** Reads of the records pages: my record per exam, and my attempts (papers) of one exam. */

export interface MyRecordsParams {
  current: number;
  size: number;
  title: string;
}

export interface AttemptsParams {
  examId: string;
  userId: string;
  current: number;
  size: number;
}

export const recordKeys = {
  mine: (params: MyRecordsParams) => ['records', 'mine', params] as const,
  attempts: (params: AttemptsParams) => ['records', 'attempts', params] as const,
};

/** My record of each exam I took (attempts, best, last, passed). Silent: the page shows a failure itself. */
export const useMyRecords = (params: MyRecordsParams) =>
  useQuery({
    queryKey: recordKeys.mine(params),
    queryFn: () => call(userExamApi.myPaging, { current: params.current, size: params.size, params: { title: params.title } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

/** The papers of one exam; for a learner the server answers only their own, whatever userId says. */
export const useAttempts = (params: AttemptsParams) =>
  useQuery({
    queryKey: recordKeys.attempts(params),
    queryFn: () =>
      call(paperApi.paging, { current: params.current, size: params.size, params: { examId: params.examId, userId: params.userId } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

/** My mastery per knowledge point, from the exams whose answers are released to me (the server decides which). */
export const useMyMastery = () =>
  useQuery({
    queryKey: ['records', 'mastery'] as const,
    queryFn: () => call(statsApi.mastery, {}, { silent: true }),
  });
