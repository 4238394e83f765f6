import { useQuery, useQueryClient } from '@tanstack/react-query';
import { myMsgApi } from '../../../../common/api/msg';
import { call } from '../../../../common/http';
import { refreshUnread } from '../../../app/session/api';
import { messageKeys } from './getMessages';

/**
 * One message in full. Opening it marks it read on the server, so the list and the header badge
 * are refreshed as soon as it arrives. Silent: the dialog shows a failure itself.
 */
export function useReadMessage(id: string | null, open: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.detail(id ?? ''),
    queryFn: async () => {
      const msg = await call(myMsgApi.detailForRead, { id: id ?? '' }, { silent: true });
      void queryClient.invalidateQueries({ queryKey: [...messageKeys.all, 'list'] });
      void refreshUnread(queryClient);
      return msg;
    },
    // Asked again each time the dialog opens; while it closes, the message stays on screen.
    enabled: Boolean(id) && open,
  });
}
