import { loadConfigOrExit } from './config.js';
import { openConfiguredDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { describeFirstStart, runFirstStart } from './first-start.js';
import { DEMO_CHANNEL, openDemoChannel } from './modules/demo/index.js';
import { createSettingsService, defaultSettings } from './modules/settings/index.js';

/** `npm run demo`: on the configured database (made first if need be), opens a recharge channel marked as a demo. */
const config = loadConfigOrExit();
const database = openConfiguredDatabase(config);
try {
  await migrateToLatest(database);
  const settings = createSettingsService(database.db, defaultSettings(config.defaultLang), Date.now);
  const report = await runFirstStart(database.db, settings, config, Date.now());
  const announcement = describeFirstStart(report);
  if (announcement) process.stdout.write(`\n${announcement}\n\n`);
  await openDemoChannel(database.db, settings, report.operator.id, Date.now());
  process.stdout.write(`Recharge channel "${DEMO_CHANNEL.name}" is open. Close or delete it in the settings before real use.\n`);
} finally {
  await database.close();
}
