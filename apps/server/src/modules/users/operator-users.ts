import { sql, type Kysely, type Selectable } from 'kysely';
import type { CallResult, userAssets, userDetail } from '@wallet/contract';
import type { Database, UsersTable } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import { maskedContactOf } from './mask-contact.js';

export interface OperatorUsersDependencies {
  db: Kysely<Database>;
  /** What the app shows the user as assets. */
  assetsOf: (userId: string) => Promise<CallResult<typeof userAssets>>;
  /** The user's player protection and its latest changes, read only: no operator call changes it. */
  protectionOf: (userId: string, now: number) => Promise<Pick<CallResult<typeof userDetail>, 'protection' | 'protectionChanges'>>;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function operatorUserOf(user: Selectable<UsersTable>) {
  return {
    id: user.id,
    username: user.username,
    inviteCode: user.invite_code,
    invitedBy: user.invited_by_code,
    contact: maskedContactOf(user),
    lang: user.lang,
    frozen: user.frozen === 1,
    createdAt: user.created_at,
  };
}

/** Operators finding users, reading one, and freezing or unfreezing them. */
export function createOperatorUsers({ db, assetsOf, protectionOf }: OperatorUsersDependencies) {
  return {
    async listUsers(input: PageRequest & { q?: string | undefined; invitedBy?: string | undefined }) {
      let query = db.selectFrom('users');
      if (input.q) {
        const q = input.q;
        query = query.where((eb) =>
          eb.or([
            // SQLite's LIKE has no default escape character: without ESCAPE, the `\_` written for a literal `_` matches nothing.
            sql<boolean>`username_key like ${`%${escapeLike(q.toLowerCase())}%`} escape '\\'`,
            eb('invite_code', '=', q.toUpperCase()),
          ]),
        );
      }
      if (input.invitedBy) query = query.where('inviter_user_id', '=', input.invitedBy);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(input.pageSize).offset(offsetOf(input)).execute(),
        query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(operatorUserOf), count.total, input);
    },

    /** One user as the console's detail page shows them: the account, what the app shows as assets, how many they invited, their protection. */
    async userDetail(userId: string, now: number) {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      const [assets, invitees, protection] = await Promise.all([
        assetsOf(userId),
        db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).where('inviter_user_id', '=', userId).executeTakeFirstOrThrow(),
        protectionOf(userId, now),
      ]);
      return { user: operatorUserOf(user), assets, invitees: Number(invitees.n), ...protection };
    },

    /**
     * Freezing makes every signed-in call of the user answer 403; unfreezing
     * ends the sessions that were open, so the user signs in again.
     */
    async freezeUser(operatorId: string, input: { userId: string; frozen: boolean }, now: number) {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select(['id', 'frozen']).where('id', '=', input.userId).executeTakeFirst();
        if (!user) throw new AppError('NOT_FOUND');
        const frozen = input.frozen ? 1 : 0;
        if (user.frozen !== frozen) {
          await trx.updateTable('users').set({ frozen, updated_at: now }).where('id', '=', user.id).execute();
          if (!input.frozen) await trx.deleteFrom('user_sessions').where('owner_id', '=', user.id).execute();
          await recordAudit(
            trx,
            { operatorId, action: 'users/freeze', target: `user:${user.id}`, before: { frozen: user.frozen === 1 }, after: { frozen: input.frozen } },
            now,
          );
        }
        return { userId: user.id, frozen: input.frozen };
      });
    },
  };
}

export type OperatorUsers = ReturnType<typeof createOperatorUsers>;
