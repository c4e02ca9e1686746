import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { verifyLedger } from './verify.js';

/** `npm run ledger:verify`: checks the configured database; exit code 1 when a problem is found. */
const config = loadConfig();
const database = openConfiguredDatabase(config);
try {
  // A check must not change what it checks: an out-of-date schema is reported, not migrated.
  const pending = await pendingMigrations(database);
  if (pending.length > 0) {
    process.stderr.write(`The database is not up to date (${pending.join(', ')} not applied): start the server once, then check again.\n`);
    process.exit(2);
  }
  const report = await verifyLedger(database);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(report.ok ? `Ledger OK: ${report.transfers} transfers, ${report.entries} entries, ${report.accounts} accounts.\n` : `Ledger has ${report.problems.length} problem(s).\n`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
