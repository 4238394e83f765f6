import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../common/errorCodes';
import { AppError } from '../lib/errors';

/** "/params/userName" or "body/userName" -> "params.userName" */
function fieldOf(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return '';
  const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return [path, missing].filter(Boolean).join('.') || 'body';
}

/** The one place errors become envelopes. 5xx details go to the log, never to the caller. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    // A business failure answers HTTP 200 too; the route's success schema must not reshape it.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, msg: error.message, data: null });
    }
    const err = error as FastifyError;
    if (err.validation) {
      const field = fieldOf(err);
      return reply.status(400).send({
        code: ErrorCode.BAD_REQUEST,
        msg: `参数不正确：${field} ${err.validation[0]?.message ?? ''}`.trim(),
        data: { field },
      });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status === 413) {
      const msg = err.code === 'FST_REQ_FILE_TOO_LARGE' ? '上传的文件太大' : '请求内容太大';
      return reply.status(413).send({ code: ErrorCode.BAD_REQUEST, msg, data: null });
    }
    if (status < 500) {
      req.log.info({ err }, 'request refused');
      const msg = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '请求格式不支持，请使用 JSON' : '请求不正确';
      return reply.status(status).send({ code: ErrorCode.BAD_REQUEST, msg, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: ErrorCode.INTERNAL, msg: '服务器内部错误，请稍后重试', data: null });
  });

}

export default fp(errorsPlugin, { name: 'errors' });
