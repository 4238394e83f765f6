import { myMsgApi } from '../api/msg';
import { call } from '../http';

/** Unread count for the header badge; polled, so silent. */
export const countUnread = () => call(myMsgApi.countUnread, {}, { silent: true });
