import type { Envelope } from '../../common/errorCodes';
import { ErrorCode } from '../../common/errorCodes';

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: ErrorCode.OK, msg, data });
