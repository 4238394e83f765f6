import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Redis } from 'ioredis';
import { connectSessionBus } from './modules/identity/session.bus';
import { ErrorCode } from '../common/errorCodes';
import type { Config } from './config';
import { createDatabase, pingDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ok } from './lib/envelope';
import { AppError } from './lib/errors';
import { holdsControlChars, MAX_JSON_DEPTH, nestsDeeperThan } from './lib/jsonBody';
import { RateLimits } from './lib/rateLimit';
import { createMailer } from './lib/mail';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import headersPlugin from './plugins/headers';
import spaPlugin from './plugins/spa';
import { modules, subscriptions } from './modules';
import { bootstrap, type BootstrapResult } from './seed/bootstrap';
import { createCaches, createHooks, type ServiceContext } from './context';
import { systemClock, type Clock } from './lib/clock';
import { JobScheduler } from './jobs/scheduler';
import { EventBus } from './lib/events';
import { jobs } from './jobs';
import type { App } from './types';

/** Largest JSON body by default; an endpoint that needs more says so (endpoint.bodyLimit). */
export const JSON_BODY_LIMIT = 256 * 1024;
/** Largest upload of any kind (each kind has its own, smaller or equal, limit). */
const UPLOAD_LIMIT = 200 * 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: nobody, the first `n` hops, or the listed proxies. */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

export interface BuildOptions {
  /** Use this database instead of opening one from config (tests share a migrated one). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The clock every service reads (tests pass a manual one). */
  clock?: Clock;
  /** Run background jobs on a timer (default true). Tests leave it off and call ctx.jobs.tick(). */
  startJobs?: boolean;
  /** Prefix of the rate-limit keys in Redis (tests use a unique one). */
  rateLimitPrefix?: string;
}

export interface BuiltApp {
  app: App;
  /** What first start created: the admin password (once) and the demo learner. */
  bootstrap: BootstrapResult;
}

/** Builds the whole app: database, migrations, first-start seed, plugins, routes. Never listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = options.database ?? createDatabase({ dialect: config.dialect, url: config.databaseUrl });
  const clock = options.clock ?? systemClock;
  await migrateToLatest(database.db);
  const seeded = await bootstrap(database.db, config, clock);

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
    },
    // Off unless TRUST_PROXY names the proxies in front: otherwise any client could choose its
    // own address with X-Forwarded-For and slip past the per-address limits.
    trustProxy: trustProxyOption(config.trustProxy),
    // Two info lines per request cost more than a fast answer does: only at debug level.
    // (errors are still logged by the errors plugin).
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: JSON_BODY_LIMIT,
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const scheduler = new JobScheduler(config.dialect, app.log);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis'));
    await redis.connect().catch((err: unknown) => app.log.warn({ err }, 'redis not reachable; rate limits stay in this process until it is'));
  }
  const caches = createCaches(clock);
  const ctx: ServiceContext = {
    db: database.db,
    config,
    clock,
    caches,
    jobs: scheduler,
    limiter: new RateLimits(redis, options.rateLimitPrefix),
    sessionBus: redis ? await connectSessionBus(redis, () => caches.sessions.clear(), (err) => app.log.warn({ err }, 'redis session bus')) : null,
    fileAccess: new Map(),
    hooks: createHooks(),
    events: new EventBus((message, err) => app.log.error({ err }, message)),
    log: { info: (line) => app.log.info(line), warn: (line) => app.log.warn(line) },
    mailer: config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : null,
  };
  if (config.smsToLog) app.log.warn('SMS_PROVIDER=log: text messages are written to this log, never sent. For development and tests only.');
  scheduler.attach(ctx);
  for (const job of jobs) scheduler.register(job);
  app.decorate('ctx', ctx);
  app.decorate('config', config);
  if (options.startJobs ?? true) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await ctx.sessionBus?.close();
    await ctx.limiter.close();
    ctx.mailer?.close();
    if (!options.database) await database.destroy();
  });

  // JSON bodies: nesting is bounded before the parse costs anything; __proto__ and constructor
  // keys are refused as Fastify's own parser does; control characters (NUL…) in any text are refused
  // on every call (PostgreSQL cannot store NUL, and no field of ours means one).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    // A call that reads its body in a worker (route.ts routeRawJson) gets the bytes as they came.
    if (req.routeOptions.config.rawJson) {
      done(null, raw);
      return;
    }
    const body = (raw as Buffer).toString('utf8');
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(new AppError(ErrorCode.BAD_REQUEST, '请求内容嵌套过深', 400), undefined);
      return;
    }
    parseJson(req, body, (err, value) => {
      if (!err && holdsControlChars(body, value)) done(new AppError(ErrorCode.BAD_REQUEST, '内容含有不可见的控制字符，请删除后重试', 400), undefined);
      else done(err, value);
    });
  });

  await app.register(headersPlugin);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 20, fieldSize: 64 * 1024 } });
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

  const health = async () => {
    await pingDatabase(database.db);
    return ok({ status: 'up' });
  };
  const Health = { 200: Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Object({ status: Type.String() }) }) };
  app.post('/api/health', { config: { access: 'public' }, schema: { hide: true } }, health);
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Liveness and database probe', response: Health } }, health);

  for (const subscribe of subscriptions) subscribe(ctx.events);
  for (const mod of modules) await app.register(mod);
  await app.register(spaPlugin);
  return { app, bootstrap: seeded };
}
