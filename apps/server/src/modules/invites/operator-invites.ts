import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordAudit } from '../../audit/record-audit.js';
import { randomInviteCode } from './codes.js';

/** Invitation codes an operator hands out: their invitees have no inviting user. */
export function createOperatorInvites(db: Kysely<Database>) {
  return {
    async createInvite(operatorId: string, now: number) {
      const code = randomInviteCode();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('invite_codes').values({ code, owner_kind: 'operator', owner_id: operatorId, created_at: now, disabled: 0 }).execute();
        await recordAudit(trx, { operatorId, action: 'invites/create', target: `invite:${code}`, before: null, after: { code } }, now);
      });
      return { code };
    },
  };
}

export type OperatorInvites = ReturnType<typeof createOperatorInvites>;
