import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '../../common/errorCodes';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** Hashed build assets are cached for a year; index.html is revalidated every time. */
function setCacheHeaders(res: { setHeader(name: string, value: string): void }, filePath: string) {
  res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(filePath) ? LONG_CACHE : 'no-cache');
}

/**
 * Serves dist/learner at / and dist/admin at /admin/, each with its history fallback (any other
 * path without a file extension is a client route: its app's index.html). Unknown /api/... paths
 * answer the 404 envelope, never an HTML page.
 */
async function spaPlugin(app: FastifyInstance) {
  const apps = [
    { prefix: '/admin/', dir: path.join(app.config.distDir, 'admin') },
    { prefix: '/', dir: path.join(app.config.distDir, 'learner') },
  ];
  for (const [i, a] of apps.entries()) {
    if (!fs.existsSync(a.dir)) continue;
    await app.register(fastifyStatic, {
      root: a.dir,
      prefix: a.prefix,
      decorateReply: i === 0,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      index: false,
      wildcard: true,
    });
  }

  const sendIndex = (reply: FastifyReply, dir: string) => {
    const file = path.join(dir, 'index.html');
    if (!fs.existsSync(file)) {
      return reply.status(503).type('text/plain; charset=utf-8').send('前端尚未构建：请先运行 npm run build');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(file));
  };

  // The apps' front doors: a folder request is no file, so the static handler would refuse it.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply, apps[1].dir));
  app.get('/admin/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply, apps[0].dir));

  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0];
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ code: ErrorCode.API_NOT_FOUND, msg: `接口不存在：${urlPath}`, data: null });
    }
    // A missing file (has an extension) is a real 404; anything else is a client-side route.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /\.[a-z0-9]{1,8}$/i.test(urlPath)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (urlPath === '/admin' || urlPath.startsWith('/admin/')) return sendIndex(reply, apps[0].dir);
    return sendIndex(reply, apps[1].dir);
  });
}

export default fp(spaPlugin, { name: 'spa' });
