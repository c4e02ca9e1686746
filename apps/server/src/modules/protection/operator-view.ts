import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { latestProtectionChanges } from './protection-changes.js';
import { readProtection } from './protection-lock.js';
import { protectionView } from './protection-service.js';

/** What operators read on a user: the protection as the user sees it and its latest changes. Operators have no call that changes it. */
export async function operatorProtectionView(db: Kysely<Database>, userId: string, now: number) {
  const [protection, protectionChanges] = await Promise.all([
    readProtection(db, userId).then((state) => protectionView(db, state, userId, now)),
    latestProtectionChanges(db, userId),
  ]);
  return { protection, protectionChanges };
}
