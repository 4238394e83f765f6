import path from 'node:path';

export type Dialect = 'sqlite' | 'postgres';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dialect: Dialect;
  /** postgres://… when dialect is postgres; the SQLite file path (or ':memory:') otherwise. */
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly adminPassword: string | undefined;
  readonly seedDemo: boolean;
  /** Session lifetime in seconds since last use. */
  readonly sessionTtl: number;
  readonly logLevel: string;
  readonly redisUrl: string | undefined;
  /** Folder holding dist/learner and dist/admin. */
  readonly distDir: string;
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For): false (default: none, the
   * socket address is the client), a hop count, or proxy addresses / CIDR ranges.
   */
  readonly trustProxy: false | number | readonly string[];
  /** An upload that sends nothing for this long is cut off (not from the environment; tests shorten it). */
  readonly uploadIdleMs: number;
  /** SMS_PROVIDER=log: text messages are written to the server log instead of sent (development, tests). */
  readonly smsToLog: boolean;
  /** SMTP_URL (smtp:// or smtps://): e-mailed codes are possible; undefined when unset. */
  readonly smtpUrl: string | undefined;
  /** SMTP_FROM: the sender of e-mail. */
  readonly mailFrom: string;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseBool(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function parseInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

/** Proxy addresses (IPv4/IPv6, optionally /prefix) or the names Fastify knows (loopback, linklocal, uniquelocal). */
const PROXY_ENTRY = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;

/**
 * TRUST_PROXY: empty or false — trust no proxy (X-Forwarded-For is ignored); a number — that many
 * proxy hops in front of us; otherwise a comma-separated list of proxy addresses or CIDR ranges.
 * "true" (trust anyone) is refused: any client could then choose its own address.
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return parseInteger('TRUST_PROXY', value, 0, 1, 10);
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0 || !entries.every((e) => PROXY_ENTRY.test(e))) {
    throw new ConfigError(
      `TRUST_PROXY must be empty, a hop count (1-10) or a comma-separated list of proxy addresses/CIDR ranges, got "${value}"`,
    );
  }
  return entries;
}

/** Reads and validates the environment once; the result is frozen. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const rawUrl = env.DATABASE_URL || '';
  let dialect: Dialect = 'sqlite';
  let databaseUrl = path.join(dataDir, 'examhall.db');
  if (rawUrl) {
    if (/^postgres(ql)?:\/\//.test(rawUrl)) {
      dialect = 'postgres';
      databaseUrl = rawUrl;
    } else if (/^sqlite:/.test(rawUrl)) {
      databaseUrl = rawUrl.replace(/^sqlite:(\/\/)?/, '') || databaseUrl;
    } else {
      throw new ConfigError('DATABASE_URL must start with postgres:// or sqlite:');
    }
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && (adminPassword.length < 6 || !/[A-Za-z]/.test(adminPassword) || !/\d/.test(adminPassword))) {
    throw new ConfigError('ADMIN_PASSWORD must have at least 6 characters with both a letter and a digit');
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must start with redis://');
  const smsProvider = env.SMS_PROVIDER?.trim() || '';
  if (smsProvider !== '' && smsProvider !== 'log') throw new ConfigError('SMS_PROVIDER must be empty (the provider chosen in site settings) or log');
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return Object.freeze({
    port: parseInteger('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dialect,
    databaseUrl,
    dataDir,
    adminPassword,
    seedDemo: parseBool('SEED_DEMO', env.SEED_DEMO, true),
    sessionTtl: parseInteger('SESSION_TTL', env.SESSION_TTL, 7 * 24 * 3600, 60, 365 * 24 * 3600),
    logLevel,
    redisUrl,
    distDir: path.resolve(env.DIST_DIR || './dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadIdleMs: 30_000,
    smsToLog: smsProvider === 'log',
    smtpUrl,
    mailFrom: env.SMTP_FROM?.trim() || 'Examhall <no-reply@examhall.local>',
    ...overrides,
  });
}
