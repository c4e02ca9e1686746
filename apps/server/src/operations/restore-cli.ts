import { restoreConfigured } from './backup-restore.js';
import { runOnFile } from './run-on-file.js';

/** `npm run restore -- FILE`: loads a backup into the configured database, which must be empty. */
await runOnFile('Usage: npm run restore -- FILE   (into an empty DATA_DIR, or the empty database of DATABASE_URL)', restoreConfigured);
