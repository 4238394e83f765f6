import fs from 'node:fs';
import type { Multipart } from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileApi, Id } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import { AppError, fail } from '../../lib/errors';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import { openStoredFile, storeUpload, uploadStalled } from './file.service';

/** The value of a plain form field that came before the file part. */
function fieldValue(fields: Record<string, Multipart | Multipart[] | undefined>, name: string): string | undefined {
  const raw = fields[name];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return first?.type === 'field' && typeof first.value === 'string' ? first.value : undefined;
}

/** How long a refused, stalled upload's connection may take to receive its answer before it is cut. */
const ANSWER_GRACE_MS = 5_000;

/**
 * Cuts off an upload that sends nothing for `idleMs`, or that is still arriving when the server
 * shuts down: the upload is aborted (its partial file removed), the client is answered (408, or
 * 503 at shutdown) if it still listens, and the connection is closed either way, so a half-sent
 * body never holds a file, a socket or the shutdown.
 */
function uploadWatchdog(req: FastifyRequest, reply: FastifyReply, idleMs: number, inProgress: Set<(reason: Error) => void>) {
  const controller = new AbortController();
  const { socket } = req.raw;
  // A real connection (inject's stand-in has no timers). The listener goes on the request: the
  // server destroys an idle socket nobody listens for, before any answer could be sent.
  const live = typeof socket?.setTimeout === 'function';
  const cut = (reason: Error) => {
    if (controller.signal.aborted) return;
    reply.header('Connection', 'close');
    if (live) {
      const timer = setTimeout(() => socket.destroy(), ANSWER_GRACE_MS);
      timer.unref();
      reply.raw.once('finish', () => socket.destroy());
    }
    controller.abort(reason);
  };
  const onIdle = () => cut(uploadStalled());
  if (live) req.raw.setTimeout(idleMs, onIdle);
  inProgress.add(cut);
  return {
    signal: controller.signal,
    /** `promise`, or the cut, whichever comes first. */
    race<T>(promise: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
        promise.then(resolve, reject);
      });
    },
    stop() {
      inProgress.delete(cut);
      if (!live) return;
      req.raw.off('timeout', onIdle);
      socket.setTimeout(0);
    },
  };
}

const shuttingDown = () => new AppError(ErrorCode.FAIL, '服务器正在重启，请稍后重新上传', 503);

export default async function fileRoutes(app: App) {
  const { ctx } = app;
  // This app's uploads in progress: at shutdown they are cut at once (partial files removed)
  // instead of holding the close until its deadline.
  const inProgress = new Set<(reason: Error) => void>();
  app.addHook('preClose', async () => {
    for (const cut of inProgress) cut(shuttingDown());
  });

  route(app, fileApi.upload, async (req, reply) => {
    if (!req.isMultipart()) throw fail('请选择要上传的文件');
    const watchdog = uploadWatchdog(req, reply, ctx.config.uploadIdleMs, inProgress);
    try {
      const part = await watchdog.race(req.file());
      if (!part) throw fail('请选择要上传的文件');
      const upload = { fileName: part.filename, kind: fieldValue(part.fields, 'kind'), stream: part.file };
      return await storeUpload(ctx, caller(req), upload, watchdog.signal);
    } finally {
      watchdog.stop();
    }
  });

  app.get(
    '/api/sys/file/get/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['file'],
        summary:
          'A stored file: public kinds (avatar, logo, notice and question images) to anyone; other kinds only to administrators, the uploader and whom the kind allows (send the token header)',
        params: Type.Object({ id: Id }),
        response: {
          200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
    },
    async (req, reply) => {
      const file = await openStoredFile(ctx, req.user, req.params.id);
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Length', file.size)
        .header('X-Content-Type-Options', 'nosniff')
        // Opened on its own, a stored file can never run script.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', contentDisposition(file.fileName, { type: file.isImage ? 'inline' : 'attachment' }))
        .header('Cache-Control', file.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .send(fs.createReadStream(file.absolutePath));
    },
  );
}
