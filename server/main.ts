import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { closeWithDeadline } from './lib/shutdown';

/** How long requests in progress get to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The only file that listens. */
async function main() {
  // A .env file in the working folder fills in what the environment does not set (the environment wins).
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  const { app, bootstrap } = await buildApp(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const how = await closeWithDeadline(app, SHUTDOWN_GRACE_MS);
    if (how === 'forced') app.log.warn('connections still open at the shutdown deadline were closed');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A cohort connects at once: the kernel queues that many connections until they are accepted.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  // The port actually bound (PORT=0 picks a free one).
  const { port } = app.server.address() as AddressInfo;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const lines = [`Examhall is running at http://${shown}:${port}/  (admin back-office: /admin/)`];
  lines.push(`Database: ${config.dialect === 'sqlite' ? `SQLite ${config.databaseUrl}` : 'PostgreSQL'}`);
  if (bootstrap.adminPassword) lines.push(`Administrator created: admin / ${bootstrap.adminPassword}  (shown once; change it after signing in)`);
  if (bootstrap.demoLearner) lines.push(`Demo learner created: ${bootstrap.demoLearner.userName} / ${bootstrap.demoLearner.password}`);
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
