import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../../common/api/endpoint';
import { paperApi } from '../../../../common/api/paper';
import { wrongBookApi } from '../../../../common/api/wrongBook';
import { call } from '../../../../common/http';

/** Reads and calls of the wrong book of one exam: the list, the walk (next → check) and removal. */

export interface WrongBookParams {
  /** One exam's book, or ('' with a tag) one knowledge point's questions across exams. */
  examId: string;
  tag?: string;
  current: number;
  size: number;
}

export const wrongBookKeys = {
  all: ['wrong-book'] as const,
  list: (params: WrongBookParams) => ['wrong-book', 'list', params] as const,
  next: (examId: string, after: string) => ['wrong-book', 'next', examId, after] as const,
  exam: (examId: string) => ['wrong-book', 'exam', examId] as const,
};

/** The exam's title, from my newest paper of it (the wrong book's items do not carry it); '' when unknown. */
export const useExamTitle = (examId: string) =>
  useQuery({
    queryKey: wrongBookKeys.exam(examId),
    queryFn: async () => (await call(paperApi.paging, { current: 1, size: 1, params: { examId } }, { silent: true })).records[0]?.title ?? '',
    staleTime: Infinity,
    enabled: examId !== '',
  });

/** My wrong questions of this exam. Silent: the page shows a failure itself. */
export const useWrongBook = (params: WrongBookParams) =>
  useQuery({
    queryKey: wrongBookKeys.list(params),
    queryFn: () => call(wrongBookApi.paging, { current: params.current, size: params.size, params: params.tag ? { tag: params.tag } : { examId: params.examId } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

/** The question of the walk after `after` (the first when ''); null past the last. Read once per step. */
export const useWrongNext = (examId: string, after: string) =>
  useQuery({
    queryKey: wrongBookKeys.next(examId, after),
    queryFn: () => call(wrongBookApi.next, { examId, ...(after ? { quId: after } : {}) }, { silent: true }),
    staleTime: Infinity,
    gcTime: 0,
  });

export const checkWrong = (body: BodyOf<typeof wrongBookApi.check>) => call(wrongBookApi.check, body, { silent: true });

/** Removes questions from my wrong book (the server's 已移出错题本 shows), then the lists read again. */
export function useRemoveWrong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(wrongBookApi.delete, { ids }),
    onSettled: () => client.invalidateQueries({ queryKey: wrongBookKeys.all }),
  });
}
