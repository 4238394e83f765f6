import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { practiceApi, type PracticeAnswer, type PracticeFeedback, type StartBody, type TrainingQu } from '../../../../common/api/practice';
import type { DataOf } from '../../../../common/api/endpoint';
import { call } from '../../../../common/http';

export type TrainingCard = DataOf<typeof practiceApi.card>;

export interface ListParams {
  current: number;
  size: number;
  title: string;
  /** Banks holding this knowledge point (the repo list only). */
  tag?: string;
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
    queryFn: () => call(practiceApi.paging, { current: params.current, size: params.size, params: { title: params.title, ...(params.tag ? { tag: params.tag } : {}) } }, { silent: true }),
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

/** A card entry as a verdict leaves it: no verdict yet while it awaits the learner's own. */
const entryOf = (feedback: PracticeFeedback) => ({ answered: true, isRight: feedback.assessment === 'pending' ? null : feedback.isRight, assessment: feedback.assessment });

/** Sends an answer; the server's verdict (or its wait for mine) goes into the question and the card at once. */
export function useFillAnswer(trainId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quId, answer }: { sequence: number; quId: string; answer: PracticeAnswer }) => call(practiceApi.fill, { trainId, quId, ...answer }),
    onSuccess: (feedback: PracticeFeedback, { sequence, answer }) => {
      client.setQueryData<TrainingQu>(practiceKeys.qu(trainId, sequence), (old) => (old ? { ...old, answer, feedback } : old));
      client.setQueryData<TrainingCard>(practiceKeys.card(trainId), (old) => {
        // Answered before: the server kept the first verdict, and the card has it.
        if (!old || old.items[sequence - 1]?.answered) return old;
        return {
          ...old,
          training: {
            ...old.training,
            answered: old.training.answered + 1,
            right: old.training.right + (feedback.isRight ? 1 : 0),
            pending: old.training.pending + (feedback.assessment === 'pending' ? 1 : 0),
          },
          items: old.items.map((i) => (i.sequence === sequence ? { ...i, ...entryOf(feedback) } : i)),
        };
      });
      void client.invalidateQueries({ queryKey: practiceKeys.card(trainId) });
    },
  });
}

/** My own verdict (答对 / 答错) on an answer the server cannot judge; it goes into the question and the card at once. */
export function useAssessAnswer(trainId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quId, right }: { sequence: number; quId: string; right: boolean }) => call(practiceApi.assess, { trainId, quId, right }),
    onSuccess: (feedback: PracticeFeedback, { sequence }) => {
      client.setQueryData<TrainingQu>(practiceKeys.qu(trainId, sequence), (old) => (old ? { ...old, feedback } : old));
      client.setQueryData<TrainingCard>(practiceKeys.card(trainId), (old) => {
        if (!old || old.items[sequence - 1]?.assessment !== 'pending') return old;
        const right = feedback.isRight ? 1 : 0;
        return {
          ...old,
          training: {
            ...old.training,
            right: old.training.right + right,
            pending: old.training.pending - 1,
            selfAssessed: old.training.selfAssessed + 1,
            selfRight: old.training.selfRight + right,
          },
          items: old.items.map((i) => (i.sequence === sequence ? { ...i, ...entryOf(feedback) } : i)),
        };
      });
      void client.invalidateQueries({ queryKey: practiceKeys.card(trainId) });
      void client.invalidateQueries({ queryKey: practiceKeys.result(trainId) });
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

/** Figures as the server gives them: every verdict, the learner's own among them, and (a training's) answers awaiting one. */
export interface Figures {
  answered: number;
  right: number;
  selfAssessed: number;
  selfRight: number;
  pending?: number;
}

/** The server's verdicts alone: answered and right (the learner's own verdicts are counted apart). */
export const judged = (m: Figures) => ({ answered: m.answered - m.selfAssessed - (m.pending ?? 0), right: m.right - m.selfRight });

/** Accuracy as the pages print it: right ÷ answered by the server's verdicts, or — with none. */
export const accuracy = (m: Figures) => {
  const j = judged(m);
  return j.answered > 0 ? `${Math.round((j.right * 100) / j.answered)}%` : '—';
};

/** The learner's own verdicts, apart (e.g. 自评 3 题，答对 2), or an empty string with none. */
export const selfAssessedText = (m: Figures) => (m.selfAssessed > 0 ? `自评 ${m.selfAssessed} 题，答对 ${m.selfRight}` : '');
