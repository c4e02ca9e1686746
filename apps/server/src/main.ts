import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { openConfiguredDatabase, sqliteFileIn } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { describeFirstStart, runFirstStart } from './first-start.js';

const config = loadConfigOrExit();
const database = openConfiguredDatabase(config);
await migrateToLatest(database);

const { app, settings, beginShutdown } = await buildApp({ config, database });
const report = await runFirstStart(database.db, settings, config, Date.now());
const announcement = describeFirstStart(report);
if (announcement) process.stdout.write(`\n${announcement}\n\n`);

await app.listen({ port: config.port, host: config.host });
const where = database.dialect === 'sqlite' ? sqliteFileIn(config.dataDir) : 'PostgreSQL';
process.stdout.write(
  `App:      http://${config.host}:${config.port}/\nConsole:  http://${config.host}:${config.port}/console/\nAPI docs: http://${config.host}:${config.port}/docs\nDatabase: ${where}\n`,
);

let closing = false;
/**
 * SIGTERM (PRODUCT §13): /readyz turns 503 and the port closes, so a load balancer sends the next
 * requests elsewhere; requests in flight finish, for SHUTDOWN_GRACE_SECONDS at most, then their
 * connections are closed; the scheduler's round ends; the database closes; exit 0.
 */
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  beginShutdown();
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
  const overdue = setTimeout(() => {
    app.log.warn('shutdown grace over: closing the connections still open');
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  overdue.unref();
  await app.close();
  clearTimeout(overdue);
  await database.close();
  app.log.info('shut down');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
