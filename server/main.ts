import { loadConfig, ConfigError } from './config';
import { buildApp } from './app';

/** The only file that listens. */
async function main() {
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
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`Examhall is running at http://${shown}:${config.port}/  (admin back-office: /admin/)`];
  lines.push(`Database: ${config.dialect === 'sqlite' ? `SQLite ${config.databaseUrl}` : 'PostgreSQL'}`);
  if (bootstrap.adminPassword) lines.push(`Administrator created: admin / ${bootstrap.adminPassword}  (shown once; change it after signing in)`);
  if (bootstrap.demoLearner) lines.push(`Demo learner created: ${bootstrap.demoLearner.userName} / ${bootstrap.demoLearner.password}`);
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
