import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { faceApi } from '../../../../common/api';
import { FACE_MODEL_FILES } from '../../../../common/face';
import { route } from '../../../lib/route';
import { caller, type App } from '../../../types';
import { getSiteConfig } from '../../config/config.service';
import { signIn, type RequestMeta } from '../signIn';
import { faceProvider } from './face.provider';
import { checkFaceCapture, clearFaces, deleteMyFace, enrolMyFace, myFaceStatus } from './face.service';

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** @vladmandic/human's models folder (resolved, never loaded: its node build needs tfjs-node). */
const MODELS_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'models');
const MODEL_TYPES: Record<string, string> = { '.json': 'application/json; charset=utf-8', '.bin': 'application/octet-stream' };

/**
 * Face sign-in and enrolment, and the model files the browser computes faces with: served from our
 * own origin at /models/human/, only the files the app uses, cached for a year (they change only
 * with the package version, which is in the address the app asks for).
 */
export default async function faceRoutes(app: App) {
  const { ctx } = app;
  const served = new Set(FACE_MODEL_FILES);
  app.get<{ Params: { version: string; file: string } }>('/models/human/:version/:file', { schema: { hide: true } }, async (req, reply) => {
    const { file } = req.params;
    if (!served.has(file)) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .type(MODEL_TYPES[path.extname(file)])
      .send(fs.createReadStream(path.join(MODELS_DIR, file)));
  });

  route(app, faceApi.login, async (req) => {
    checkFaceCapture(req.body, (await getSiteConfig(ctx)).faceLiveness);
    return signIn(ctx, faceProvider, req.body, meta(req));
  });
  route(app, faceApi.status, (req) => myFaceStatus(ctx, caller(req)));
  route(app, faceApi.enrol, (req) => enrolMyFace(ctx, caller(req), req.body));
  route(app, faceApi.remove, async (req) => {
    await deleteMyFace(ctx, caller(req));
    return null;
  });
  route(app, faceApi.clear, async (req) => {
    await clearFaces(ctx, caller(req), req.body.ids);
    return null;
  });
}
