import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { myMsgApi } from '../../../../common/api/msg';
import { ReadState, type CodeOf } from '../../../../common/codes';
import { call } from '../../../../common/http';

export interface MessageListParams {
  current: number;
  size: number;
  /** '' for every message. */
  readState: CodeOf<typeof ReadState> | '';
}

export const messageKeys = {
  all: ['messages'] as const,
  list: (params: MessageListParams) => ['messages', 'list', params] as const,
  detail: (id: string) => ['messages', 'detail', id] as const,
};

/** My messages, newest first. Silent: the tab shows a failure itself. */
export const getMessages = ({ current, size, readState }: MessageListParams) =>
  call(myMsgApi.paging, { current, size, params: { readState } }, { silent: true });

export const messagesQuery = (params: MessageListParams) =>
  queryOptions({ queryKey: messageKeys.list(params), queryFn: () => getMessages(params) });

/** The page on screen stays while the next one loads. */
export const useMessages = (params: MessageListParams) => useQuery({ ...messagesQuery(params), placeholderData: keepPreviousData });
