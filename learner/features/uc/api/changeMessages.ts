import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myMsgApi } from '../../../../common/api/msg';
import { call } from '../../../../common/http';
import { refreshUnread } from '../../../app/session/api';
import { messageKeys } from './getMessages';

/** After marking or deleting: the list and the header badge show the change at once. */
function useMessagesChange(mutationFn: (ids: string[]) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: messageKeys.all }), refreshUnread(queryClient)]),
  });
}

export const useMarkRead = () => useMessagesChange((ids) => call(myMsgApi.markRead, { ids }));

export const useDeleteMessages = () => useMessagesChange((ids) => call(myMsgApi.userDelete, { ids }));
