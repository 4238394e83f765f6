import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../common/errorCodes';
import { AppError } from '../lib/errors';
import { validationMessage } from '../lib/jsonBody';


/** Most of an over-limit body read (and dropped) so that the client hears the 413; past it, the connection is cut. */
export const DRAIN_MAX_BYTES = 20 * 1024 * 1024;
/** Longest wait for the rest of an over-limit body (the apps give up on a call after 60 s). */
export const DRAIN_MAX_MS = 60_000;

/**
 * Reads and drops what the client is still sending, up to DRAIN_MAX_BYTES and DRAIN_MAX_MS.
 * Fastify refuses an over-limit body as soon as it knows (Content-Length) and closes the
 * connection after the answer: closing a socket with unread bytes resets it, and a browser still
 * sending then loses the answer and reports a network error instead of the 413.
 */
function drainBody(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (raw.complete || raw.readableEnded || raw.destroyed) {
      resolve();
      return;
    }
    if (Number(raw.headers['content-length']) > DRAIN_MAX_BYTES) {
      resolve();
      return;
    }
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    raw.on('data', onData).on('end', finish).on('error', finish).on('close', finish);
    raw.resume();
  });
}

/** The one place errors become envelopes. 5xx details go to the log, never to the caller. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | AppError, req, reply) => {
    // A business failure answers HTTP 200 too; the route's success schema must not reshape it.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, msg: error.message, data: null });
    }
    const err = error as FastifyError;
    if (err.validation) {
      const { field, msg } = validationMessage(err.validation);
      return reply.status(400).send({ code: ErrorCode.BAD_REQUEST, msg, data: { field } });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status === 413) {
      const msg = err.code === 'FST_REQ_FILE_TOO_LARGE' ? '上传的文件太大' : '提交的内容过大';
      await drainBody(req.raw);
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
