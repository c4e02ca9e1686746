import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashPassword } from '../../security/passwords.js';

export interface FirstOperator {
  id: string;
  username: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword: string | null;
  created: boolean;
}

/** The first operator account, created on an empty database; later starts find it and change nothing. */
export async function ensureFirstOperator(
  db: Kysely<Database>,
  username: string,
  password: string | undefined,
  now: number,
): Promise<FirstOperator> {
  const existing = await db.selectFrom('operators').select(['id', 'username']).orderBy('created_at').executeTakeFirst();
  if (existing) return { ...existing, generatedPassword: null, created: false };

  const generatedPassword = password ? null : randomBytes(12).toString('base64url');
  const id = randomUUID();
  const result = await db
    .insertInto('operators')
    .values({
      id,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(password ?? generatedPassword!),
      created_at: now,
      role: 'admin',
      disabled: 0,
    })
    .onConflict((oc) => oc.column('username_key').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return { id, username, generatedPassword, created: true };

  // Another instance created it at the same moment.
  const winner = await db.selectFrom('operators').select(['id', 'username']).orderBy('created_at').executeTakeFirstOrThrow();
  return { ...winner, generatedPassword: null, created: false };
}
