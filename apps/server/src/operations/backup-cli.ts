import { backupConfigured } from './backup-restore.js';
import { runOnFile } from './run-on-file.js';

/** `npm run backup -- FILE`: a consistent copy of the configured database while the server runs. */
await runOnFile('Usage: npm run backup -- FILE   (FILE must not exist yet)', backupConfigured);
