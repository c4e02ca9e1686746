import type { Kysely } from 'kysely';
import type { ChaseOutcome, Language } from '@wallet/contract';
import type { Database } from '../../db/schema.js';

/** A project's name per language, as it was when the message was made. */
type ProjectNames = Partial<Record<Language, string>>;

/** Money in cents; credit points as whole points. */
export type MessageDraft = { userId: string; ref: string | null } & (
  | { kind: 'order_result'; params: { project: string; projectNames?: ProjectNames; periodNo: string; dice: string; amount: number; payout: number } }
  | { kind: 'period_void'; params: { project: string; projectNames?: ProjectNames; periodNo: string; amount: number } }
  | { kind: 'recharge_approved'; params: { orderNo: string; amount: number } }
  | { kind: 'recharge_refused'; params: { orderNo: string; amount: number; note: string } }
  | { kind: 'withdrawal_completed'; params: { orderNo: string; amount: number; fee: number } }
  | { kind: 'withdrawal_refused'; params: { orderNo: string; amount: number; note: string } }
  | { kind: 'adjustment'; params: { account: 'available' | 'coin'; amount: number; note: string } }
  | { kind: 'chase_finished'; params: { project: string; projectNames?: ProjectNames; outcome: ChaseOutcome; periods: number; payout: number; returned: number } }
  | { kind: 'feedback_reply'; params: { reply: string } }
);

const ROWS_PER_STATEMENT = 500;

/**
 * Keeps messages in the caller's transaction, beside the change they report:
 * a message exists exactly when its change committed. Only the kind and its
 * parameters are kept; the words come when the message is read. A draft's
 * `at` (a batch of writes, each at its own time) stands in for `now`.
 */
export async function writeMessages(trx: Kysely<Database>, drafts: (MessageDraft & { at?: number })[], now: number): Promise<void> {
  const rows = drafts.map((draft) => ({ user_id: draft.userId, kind: draft.kind, params: JSON.stringify(draft.params), ref: draft.ref, created_at: draft.at ?? now, read_at: null }));
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    await trx.insertInto('user_messages').values(rows.slice(from, from + ROWS_PER_STATEMENT)).execute();
  }
}
