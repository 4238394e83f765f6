import { ErrorCode, type ErrorCodeValue } from '../../common/errorCodes';

/** A business failure: rendered as HTTP 200 with a non-zero code and a message fit for the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    /** HTTP status; business failures stay 200 per the envelope convention. */
    readonly statusCode = 200,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const fail = (msg: string) => new AppError(ErrorCode.FAIL, msg);
export const notFound = (msg = '记录不存在或已被删除') => new AppError(ErrorCode.NOT_FOUND, msg);
export const forbidden = (msg = '您没有权限执行此操作') => new AppError(ErrorCode.FORBIDDEN, msg);
export const sessionInvalid = (msg = '登录已失效，请重新登录') => new AppError(ErrorCode.SESSION_INVALID, msg);
