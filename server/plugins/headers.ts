import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

type HelmetMiddleware = (req: unknown, res: { setHeader(name: string, value: string): void; removeHeader(name: string): void }, next: (err?: unknown) => void) => void;
type Helmet = (options: Record<string, unknown>) => HelmetMiddleware;

/** The browser-security policy of the pages (helmet's headers with the apps' content policy). */
const PAGE_POLICY = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI/emotion injects <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for a policy, worked out once (they depend on nothing in the request). */
function helmetHeaders(policy: Record<string, unknown>): Record<string, string> {
  // helmet as @fastify/helmet (our dependency) ships it.
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromPlugin('helmet') as Helmet;
  const headers: Record<string, string> = {};
  helmet(policy)(
    {},
    {
      setHeader: (name, value) => void (headers[name] = value),
      removeHeader: () => undefined,
    },
    (err) => {
      if (err) throw err;
    },
  );
  return headers;
}

/**
 * Response headers, set once per request from precomputed values. Pages, files and the API
 * documentation get helmet's full set; the JSON API (POST /api/...) only what a JSON answer needs:
 * no sniffing, and never stored by browsers or proxies (answers carry personal data). A route that
 * sets its own Cache-Control (public images) overrides the default.
 */
async function headersPlugin(app: FastifyInstance) {
  const page = helmetHeaders(PAGE_POLICY);
  const pageApi = { ...page, 'Cache-Control': 'no-store' };
  const json = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    if (!url.startsWith('/api/')) reply.headers(page);
    else if (req.method === 'POST' && !url.startsWith('/api/docs')) reply.headers(json);
    else reply.headers(pageApi);
    done();
  });
}

export default fp(headersPlugin, { name: 'headers' });
