import { queryOptions, useQuery } from '@tanstack/react-query';
import { noticeApi } from '../../../../common/api/notice';
import { call } from '../../../../common/http';

/** One published notice visible to me. Silent: the page shows a failure itself. */
export const getNotice = (id: string) => call(noticeApi.myDetail, { id }, { silent: true });

export const noticeQuery = (id: string) => queryOptions({ queryKey: ['notices', 'detail', id], queryFn: () => getNotice(id) });

export const useNotice = (id: string) => useQuery(noticeQuery(id));
