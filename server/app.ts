import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { createDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ok } from './lib/envelope';
import { memoryRateLimiter, redisRateLimiter } from './lib/rateLimit';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import spaPlugin from './plugins/spa';
import { modules } from './modules';
import { bootstrap, type BootstrapResult } from './seed/bootstrap';
import { createCaches, type ServiceContext } from './context';
import { systemClock, type Clock } from './lib/clock';
import { JobScheduler } from './jobs/scheduler';
import { jobs } from './jobs';
import type { App } from './types';

export interface BuildOptions {
  /** Use this database instead of opening one from config (tests share a migrated one). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The clock every service reads (tests pass a manual one). */
  clock?: Clock;
  /** Run background jobs on a timer (default true). Tests leave it off and call ctx.jobs.tick(). */
  startJobs?: boolean;
}

export interface BuiltApp {
  app: App;
  /** What first start created: the admin password (once) and the demo learner. */
  bootstrap: BootstrapResult;
}

/** Builds the whole app: database, migrations, first-start seed, plugins, routes. Never listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = options.database ?? createDatabase({ dialect: config.dialect, url: config.databaseUrl });
  await migrateToLatest(database.db);
  const seeded = await bootstrap(database.db, config);

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const clock = options.clock ?? systemClock;
  const scheduler = new JobScheduler(config.dialect, app.log);
  const ctx: ServiceContext = {
    db: database.db,
    config,
    clock,
    caches: createCaches(clock),
    jobs: scheduler,
    limiter: config.redisUrl ? redisRateLimiter(new Redis(config.redisUrl)) : memoryRateLimiter(),
  };
  scheduler.attach(ctx);
  for (const job of jobs) scheduler.register(job);
  app.decorate('ctx', ctx);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('rateLimiter', ctx.limiter);
  if (options.startJobs ?? true) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await ctx.limiter.close();
    if (!options.database) await database.destroy();
  });

  await app.register(helmet, {
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
  });
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Examhall API', version: '1.0.0', description: 'Every call is POST with a JSON body; send the session in the `token` header.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(errorsPlugin);
  await app.register(authPlugin);

  app.post('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ok({ status: 'up' }));
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'Liveness and database probe', response: { 200: Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Object({ status: Type.String() }) }) } },
    },
    async () => {
      await database.db.selectFrom('sys_config').select('id').limit(1).execute();
      return ok({ status: 'up' });
    },
  );

  for (const mod of modules) await app.register(mod);
  await app.register(spaPlugin);
  return { app, bootstrap: seeded };
}
