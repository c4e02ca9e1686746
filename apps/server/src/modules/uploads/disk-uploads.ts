import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SAFE_NAME, type Storage } from './storage.js';

/**
 * Moves the files an earlier version kept on this instance's disk
 * (`DATA_DIR/uploads`) into the shared storage: each file that has its
 * uploads row is copied, read back, and only then removed from the disk. A
 * file without a row (an upload cut short) stays. Answers how many moved.
 */
export async function moveDiskUploadsIntoStorage(directory: string, db: Kysely<Database>, storage: Storage, uploadsPath: string): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let moved = 0;
  for (const name of names.filter((entry) => SAFE_NAME.test(entry))) {
    const known = await db.selectFrom('uploads').select('id').where('url', '=', `${uploadsPath}${name}`).executeTakeFirst();
    if (!known) continue;
    const file = path.join(directory, name);
    const bytes = await fs.readFile(file);
    await storage.put(name, bytes);
    const stored = await storage.get(name);
    if (!stored?.equals(bytes)) throw new Error(`${name} did not arrive intact in the storage; it stays on the disk`);
    await fs.rm(file, { force: true });
    moved += 1;
  }
  return moved;
}
