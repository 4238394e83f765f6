import { useQueryClient } from '@tanstack/react-query';
import { quApi, repoApi } from '../../../common/api';

/**
 * After questions change: the question and bank lists (react-admin's, kept open in their tabs),
 * the bank pickers and knowledge point suggestions all reload.
 */
export function useInvalidateQuestions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['repo/qu'], ['repo/list'], [quApi.paging.path], [quApi.tags.path], [repoApi.paging.path], [repoApi.detail.path]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ).then(() => undefined);
}
