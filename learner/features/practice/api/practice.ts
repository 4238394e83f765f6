import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { practiceApi, type PracticeAnswer, type PracticeFeedback, type StartBody, type TrainingQu } from '../../../../common/api/practice';
import type { DataOf } from '../../../../common/api/endpoint';
import { call } from '../../../../common/http';

export type TrainingCard = DataOf<typeof practiceApi.card>;

export interface ListParams {
  current: number;
  size: number;
  title: string;
}

export const practiceKeys = {
  all: ['practice'] as const,
  repos: (params: ListParams) => ['practice', 'repos', params] as const,
  detail: (repoId: string) => ['practice', 'detail', repoId] as const,
  favorites: (params: ListParams) => ['practice', 'favorites', params] as const,
  card: (trainId: string) => ['practice', 'card', trainId] as const,
  qu: (trainId: string, sequence: number) => ['practice', 'qu', trainId, sequence] as const,
  result: (trainId: string) => ['practice', 'result', trainId] as const,
};

/** Banks open to me, with my progress. Silent: the page shows a failure itself. */
export const usePracticeRepos = (params: ListParams) =>
  useQuery({
    queryKey: practiceKeys.repos(params),
    queryFn: () => call(practiceApi.paging, { current: params.current, size: params.size, params: { title: params.title } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export const usePracticeDetail = (repoId: string) =>
  useQuery({ queryKey: practiceKeys.detail(repoId), queryFn: () => call(practiceApi.detail, { repoId }, { silent: true }) });

export const useFavorites = (params: ListParams) =>
  useQuery({
    queryKey: practiceKeys.favorites(params),
    queryFn: () => call(practiceApi.favorites, { current: params.current, size: params.size, params: { title: params.title } }, { silent: true }),
    placeholderData: keepPreviousData,
  });

/** My unfinished training of a bank and mode (asked before starting: continue or start over?). */
export const checkTraining = (repoId: string, mode: StartBody['mode']) => call(practiceApi.check, { repoId, mode });

/** Starts a training, or continues the unfinished one of its bank and mode unless `clear`. */
export const startTraining = (body: StartBody) => call(practiceApi.start, body);

/** The training page's own start, for an address without a training id (silent: the page shows a failure). */
export const useStartQuery = (body: StartBody) =>
  useQuery({ queryKey: ['practice', 'start', body], queryFn: () => call(practiceApi.start, body, { silent: true }), gcTime: 0, retry: false });

export const useTrainingCard = (trainId: string) =>
  useQuery({ queryKey: practiceKeys.card(trainId), queryFn: () => call(practiceApi.card, { trainId }, { silent: true }), enabled: Boolean(trainId) });

/** The question at one position; it never changes under us except by our own answer. */
export const useTrainingQu = (trainId: string, sequence: number) =>
  useQuery({
    queryKey: practiceKeys.qu(trainId, sequence),
    queryFn: () => call(practiceApi.next, { trainId, sequence }, { silent: true }),
    enabled: Boolean(trainId) && sequence > 0,
    staleTime: Infinity,
  });

/** Sends an answer; the server's verdict goes into the question and the card at once. */
export function useFillAnswer(trainId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quId, answer }: { sequence: number; quId: string; answer: PracticeAnswer }) => call(practiceApi.fill, { trainId, quId, ...answer }),
    onSuccess: (feedback: PracticeFeedback, { sequence, answer }) => {
      client.setQueryData<TrainingQu>(practiceKeys.qu(trainId, sequence), (old) => (old ? { ...old, answer, feedback } : old));
      client.setQueryData<TrainingCard>(practiceKeys.card(trainId), (old) =>
        old
          ? {
              ...old,
              training: {
                ...old.training,
                answered: old.training.answered + (old.items[sequence - 1]?.answered ? 0 : 1),
                right: old.training.right + (feedback.isRight && !old.items[sequence - 1]?.answered ? 1 : 0),
              },
              items: old.items.map((i) => (i.sequence === sequence ? { ...i, answered: true, isRight: feedback.isRight } : i)),
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: practiceKeys.card(trainId) });
    },
  });
}

/** Star or unstar a question; every cached copy of it follows. */
export function useSetFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quId, favorite }: { quId: string; favorite: boolean }) => call(practiceApi.favorite, { quId, favorite }),
    onSuccess: (favorite, { quId }) => {
      client.setQueriesData<TrainingQu>({ queryKey: ['practice', 'qu'] }, (old) => (old && old.question.quId === quId ? { ...old, favorite } : old));
      void client.invalidateQueries({ queryKey: ['practice', 'favorites'] });
    },
  });
}

export const useTrainingResult = (trainId: string) =>
  useQuery({ queryKey: practiceKeys.result(trainId), queryFn: () => call(practiceApi.result, { trainId }, { silent: true }) });

/** Accuracy as the pages print it: 右 ÷ 答, or — before anything was answered. */
export const accuracy = (m: { answered: number; right: number }) => (m.answered > 0 ? `${Math.round((m.right * 100) / m.answered)}%` : '—');
