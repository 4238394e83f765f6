import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { noticeApi } from '../../../../common/api/notice';
import { call } from '../../../../common/http';

export interface NoticeListParams {
  current: number;
  size: number;
  title: string;
}

/** Published notices visible to me, newest first. Silent: the list shows a failure itself. */
export const getNotices = ({ current, size, title }: NoticeListParams) =>
  call(noticeApi.myPaging, { current, size, params: { title } }, { silent: true });

export const noticesQuery = (params: NoticeListParams) =>
  queryOptions({ queryKey: ['notices', 'list', params], queryFn: () => getNotices(params) });

/** The page on screen stays while the next one loads (no flash of the spinner when paging). */
export const useNotices = (params: NoticeListParams) => useQuery({ ...noticesQuery(params), placeholderData: keepPreviousData });
