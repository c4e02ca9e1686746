import { sql, type Kysely, type Selectable } from 'kysely';
import { dayEnd, dayStart, type CallResult, type userAssets } from '@wallet/contract';
import type { Database, UsersTable } from '../../db/schema.js';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import { AppError } from '../../http/app-error.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { hashPassword, verifyPasswordOrDecoy } from '../auth/passwords.js';
import { randomInviteCode } from '../invites/codes.js';
import type { RateLimiter } from '../rate-limit/limiter.js';
import type { SessionStore } from '../sessions/session-store.js';
import { maskedContactOf } from '../users/mask-contact.js';
import { stepOfCode, takeTotpStep } from '../operators/totp.js';
import { recordAudit } from './audit.js';

export interface AdminDependencies {
  db: Kysely<Database>;
  timeZone: string;
  /** What the app shows the user as assets. */
  assetsOf: (userId: string) => Promise<CallResult<typeof userAssets>>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  limiter: RateLimiter;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type AuditQuery = PageRequest & { operatorId?: string | undefined; action?: string | undefined; from?: string | undefined; to?: string | undefined };

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

export function createAdminService({ db, timeZone, assetsOf, sessions, throttle, limiter }: AdminDependencies) {
  /**
   * The operator whose name and password these are. Signing in and changing
   * the password share one lock per name and one limit per address, so
   * neither is a way around the other. The failure counted here is cleared
   * only when the whole sign-in passed (TOTP included), so a right password
   * with a wrong code still counts.
   */
  async function operatorWithPassword(username: string, password: string, ip: string, now: number) {
    await limiter.enforce({ key: `operator-login-ip:${ip}`, max: 10, windowMs: 60_000 }, now);
    const key = `operator:${username.toLowerCase()}`;
    const attempt = await throttle.begin(key, now, true);
    if (!attempt) throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: (await throttle.state(key, now)).lockedForSeconds });
    const operator = await db
      .selectFrom('operators')
      .select(['id', 'username', 'password_hash', 'role', 'disabled', 'totp_secret', 'totp_last_step'])
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
    const ok = await verifyPasswordOrDecoy(operator?.password_hash, password);
    // A disabled operator reads exactly like a wrong password: the answer tells nobody the account exists.
    if (!operator || !ok || operator.disabled === 1) {
      if (attempt.lockedForSeconds > 0) throw new AppError('ACCOUNT_LOCKED', { retryAfterSeconds: attempt.lockedForSeconds });
      throw new AppError('CREDENTIALS_INVALID');
    }
    return { operator, passed: () => throttle.clear(key) };
  }

  async function checkTotp(operator: { id: string; totp_secret: string | null; totp_last_step: number | null }, code: string | undefined, now: number) {
    if (operator.totp_secret === null) return;
    if (code === undefined || code === '') throw new AppError('TOTP_REQUIRED');
    const step = await stepOfCode(operator.totp_secret, code, now, operator.totp_last_step);
    if (step === null || !(await takeTotpStep(db, operator.id, step))) throw new AppError('TOTP_INVALID');
  }

  return {
    async login(input: { username: string; password: string; totp?: string | undefined }, ip: string, now: number) {
      const { operator, passed } = await operatorWithPassword(input.username, input.password, ip, now);
      await checkTotp(operator, input.totp, now);
      await passed();
      return { token: await sessions.create(operator.id, now), username: operator.username, role: operator.role };
    },

    /** The signed-in operator's own new password; every other session of theirs ends. */
    async changePassword(session: { id: string; token: string }, input: { oldPassword: string; newPassword: string }, ip: string, now: number) {
      const { username } = await db.selectFrom('operators').select('username').where('id', '=', session.id).executeTakeFirstOrThrow();
      const { operator, passed } = await operatorWithPassword(username, input.oldPassword, ip, now);
      await passed();
      if (input.oldPassword === input.newPassword) throw AppError.field('newPassword', 'SAME_PASSWORD');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', operator.id).execute();
        const ended = await sessions.revokeAll(operator.id, session.token, trx);
        await recordAudit(trx, { operatorId: operator.id, action: 'password', target: `operator:${operator.id}`, before: null, after: { otherSessionsEnded: ended } }, now);
      });
      return {};
    },

    async logout(token: string) {
      await sessions.revoke(token);
      return {};
    },

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

    /** One user as the console's detail page shows them: the account, what the app shows as assets, how many they invited. */
    async userDetail(userId: string) {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      const [assets, invitees] = await Promise.all([
        assetsOf(userId),
        db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).where('inviter_user_id', '=', userId).executeTakeFirstOrThrow(),
      ]);
      return { user: operatorUserOf(user), assets, invitees: Number(invitees.n) };
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

    async createInvite(operatorId: string, now: number) {
      const code = randomInviteCode();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('invite_codes').values({ code, owner_kind: 'operator', owner_id: operatorId, created_at: now, disabled: 0 }).execute();
        await recordAudit(trx, { operatorId, action: 'invites/create', target: `invite:${code}`, before: null, after: { code } }, now);
      });
      return { code };
    },

    async outbox(input: PageRequest) {
      const [rows, count] = await Promise.all([
        db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(input.pageSize).offset(offsetOf(input)).execute(),
        db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        target: row.target,
        subject: row.subject,
        body: row.body,
        createdAt: row.created_at,
      }));
      return pageOf(items, count.total, input);
    },

    async audit(input: AuditQuery) {
      let query = db.selectFrom('audit_log');
      if (input.operatorId) query = query.where('audit_log.operator_id', '=', input.operatorId);
      if (input.action) query = query.where('audit_log.action', '=', input.action);
      if (input.from) query = query.where('audit_log.created_at', '>=', dayStart(input.from, timeZone));
      if (input.to) query = query.where('audit_log.created_at', '<', dayEnd(input.to, timeZone));
      const [rows, count] = await Promise.all([
        query
          .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
          .select(['audit_log.id', 'operators.username', 'action', 'target', 'before_json', 'after_json', 'audit_log.created_at'])
          .orderBy('audit_log.created_at', 'desc')
          .orderBy('audit_log.id')
          .limit(input.pageSize)
          .offset(offsetOf(input))
          .execute(),
        query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        operator: row.username ?? '?',
        action: row.action,
        target: row.target,
        before: JSON.parse(row.before_json) as unknown,
        after: JSON.parse(row.after_json) as unknown,
        createdAt: row.created_at,
      }));
      return pageOf(items, count.total, input);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
