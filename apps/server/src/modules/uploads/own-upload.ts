import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** True when the URL is an image this user uploaded: nobody can point at someone else's picture. */
export async function isOwnUpload(db: Kysely<Database>, userId: string, url: string): Promise<boolean> {
  const upload = await db.selectFrom('uploads').select('id').where('user_id', '=', userId).where('url', '=', url).executeTakeFirst();
  return upload !== undefined;
}
