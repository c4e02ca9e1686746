import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { openConfiguredDatabase, sqliteFileIn } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { describeFirstStart, runFirstStart } from './first-start.js';

const config = loadConfigOrExit();
const database = openConfiguredDatabase(config);
await migrateToLatest(database);

const { app, settings } = await buildApp({ config, database });
const report = await runFirstStart(database.db, settings, config, Date.now());
const announcement = describeFirstStart(report);
if (announcement) process.stdout.write(`\n${announcement}\n\n`);

await app.listen({ port: config.port, host: config.host });
const where = database.dialect === 'sqlite' ? sqliteFileIn(config.dataDir) : 'PostgreSQL';
process.stdout.write(
  `App:      http://${config.host}:${config.port}/\nConsole:  http://${config.host}:${config.port}/console/\nAPI docs: http://${config.host}:${config.port}/docs\nDatabase: ${where}\n`,
);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
