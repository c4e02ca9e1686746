import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CallInput, saveOperator } from '@wallet/contract';
import { offsetOf, pageOf, type PageRequest } from '../../db/page.js';
import type { Database, OperatorsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import { hashPassword } from '../../security/passwords.js';
import type { SessionStore } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import { newTotpSecret, otpauthUrlOf, stepOfCode } from './totp.js';

type SaveInput = CallInput<typeof saveOperator>;

function operatorViewOf(row: OperatorsTable) {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled === 1,
    totpEnabled: row.totp_secret !== null,
    createdAt: row.created_at,
  };
}

/** What an audit line keeps of an operator: never the password hash or a TOTP secret. */
const auditedOf = (row: OperatorsTable) => {
  const { id: _id, createdAt: _createdAt, ...kept } = operatorViewOf(row);
  return kept;
};

export interface TeamDependencies {
  db: Kysely<Database>;
  timeZone: string;
  sessions: SessionStore;
  settings: SettingsService;
}

/** Operators managing operators: accounts, roles, TOTP (PRODUCT §9). */
export function createTeamService({ db, timeZone, sessions, settings }: TeamDependencies) {
  async function operatorRow(trx: Kysely<Database>, id: string) {
    const row = await trx.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * At least one enabled admin stays. The enabled admins are locked first (a
   * write that changes nothing), so two admins demoting each other at once
   * cannot both pass: the second counts what the first left.
   */
  async function keepAnAdmin(trx: Kysely<Database>) {
    await trx.updateTable('operators').set((eb) => ({ role: eb.ref('role') })).where('role', '=', 'admin').where('disabled', '=', 0).execute();
  }

  async function assertAnAdminLeft(trx: Kysely<Database>) {
    const left = await trx.selectFrom('operators').select((eb) => eb.fn.countAll<string | number>().as('n')).where('role', '=', 'admin').where('disabled', '=', 0).executeTakeFirstOrThrow();
    if (Number(left.n) === 0) throw new AppError('LAST_ADMIN');
  }

  async function create(operatorId: string, input: SaveInput, now: number) {
    if (input.password === undefined) throw AppError.field('password', 'REQUIRED');
    const row: OperatorsTable = {
      id: randomUUID(),
      username: input.username,
      username_key: input.username.toLowerCase(),
      password_hash: await hashPassword(input.password),
      created_at: now,
      created_by: operatorId,
      role: input.role,
      disabled: input.disabled ? 1 : 0,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('operators').values(row).execute();
        await recordAudit(trx, { operatorId, action: 'operators/save', target: `operator:${row.id}`, before: null, after: auditedOf(row) }, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN');
      throw error;
    }
    return operatorViewOf(row);
  }

  async function change(operatorId: string, id: string, input: SaveInput, now: number) {
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    try {
      return await db.transaction().execute(async (trx) => {
        await keepAnAdmin(trx);
        const before = await operatorRow(trx, id);
        const disabled = input.disabled === undefined ? before.disabled : input.disabled ? 1 : 0;
        await trx
          .updateTable('operators')
          .set({ username: input.username, username_key: input.username.toLowerCase(), role: input.role, disabled, ...(passwordHash ? { password_hash: passwordHash } : {}) })
          .where('id', '=', id)
          .execute();
        await assertAnAdminLeft(trx);
        const after = await operatorRow(trx, id);
        // A new password, role or a disabled account ends every session: the next call signs in again under the new rules.
        if (passwordHash || before.role !== after.role || after.disabled === 1) await sessions.revokeAll(id, undefined, trx);
        await recordAudit(trx, { operatorId, action: 'operators/save', target: `operator:${id}`, before: auditedOf(before), after: { ...auditedOf(after), passwordChanged: Boolean(passwordHash) } }, now);
        return operatorViewOf(after);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN');
      throw error;
    }
  }

  return {
    async me(operatorId: string) {
      const row = await operatorRow(db, operatorId);
      return { ...operatorViewOf(row), totpRequired: await settings.get('requireTotp'), timeZone, currency: await settings.get('currency') };
    },

    async list(input: PageRequest) {
      const [rows, count] = await Promise.all([
        db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('id').limit(input.pageSize).offset(offsetOf(input)).execute(),
        db.selectFrom('operators').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map(operatorViewOf), count.n, input);
    },

    save(operatorId: string, input: SaveInput, now: number) {
      return input.id === undefined ? create(operatorId, input, now) : change(operatorId, input.id, input, now);
    },

    /** A new secret to scan; sign-in is unchanged until a code of it turns TOTP on. */
    async totpSetup(operatorId: string) {
      const row = await operatorRow(db, operatorId);
      if (row.totp_secret !== null) throw new AppError('TOTP_ALREADY_ON');
      const secret = newTotpSecret();
      await db.updateTable('operators').set({ totp_pending_secret: secret }).where('id', '=', operatorId).execute();
      return { secret, otpauthUrl: otpauthUrlOf(`${await settings.get('displayName')} console`, row.username, secret) };
    },

    async totpEnable(operator: { id: string; token: string }, code: string, now: number) {
      const operatorId = operator.id;
      const row = await operatorRow(db, operatorId);
      if (row.totp_secret !== null) throw new AppError('TOTP_ALREADY_ON');
      const secret = row.totp_pending_secret;
      const step = secret === null ? null : await stepOfCode(secret, code, now, null);
      if (secret === null || step === null) throw new AppError('TOTP_INVALID');
      await db.transaction().execute(async (trx) => {
        // Only the secret this operator scanned last: a second setup meanwhile makes this code stale.
        const changed = await trx
          .updateTable('operators')
          .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
          .where('id', '=', operatorId)
          .where('totp_pending_secret', '=', secret)
          .where('totp_secret', 'is', null)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw new AppError('TOTP_INVALID');
        // A session opened with the password alone does not outlive the second factor.
        await sessions.revokeAll(operatorId, operator.token, trx);
        await recordAudit(trx, { operatorId, action: 'operators/totp/enable', target: `operator:${operatorId}`, before: { totpEnabled: row.totp_secret !== null }, after: { totpEnabled: true } }, now);
      });
      return { totpEnabled: true };
    },

    async totpReset(operatorId: string, targetId: string, now: number) {
      return db.transaction().execute(async (trx) => {
        const before = await operatorRow(trx, targetId);
        await trx.updateTable('operators').set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null }).where('id', '=', targetId).execute();
        await sessions.revokeAll(targetId, undefined, trx);
        await recordAudit(trx, { operatorId, action: 'operators/totp/reset', target: `operator:${targetId}`, before: { totpEnabled: before.totp_secret !== null }, after: { totpEnabled: false } }, now);
        return operatorViewOf(await operatorRow(trx, targetId));
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
