import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Storage } from './storage.js';

/** The files in the database itself: one more table, shared by every instance, in every backup. */
export function createDatabaseStorage(db: Kysely<Database>): Storage {
  return {
    async put(name, bytes) {
      await db
        .insertInto('upload_files')
        .values({ name, bytes })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },
    async get(name) {
      const row = await db.selectFrom('upload_files').select('bytes').where('name', '=', name).executeTakeFirst();
      return row ? Buffer.from(row.bytes) : null;
    },
  };
}
