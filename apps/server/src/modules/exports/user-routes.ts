import type { Kysely } from 'kysely';
import { STATEMENT_EXPORT_MAX_DAYS, dayCount, exportStatement } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import { userStatementCsv } from './user-statement.js';

export function userExportRoutes(call: RegisterCall, db: Kysely<Database>, timeZone: string): void {
  call(exportStatement, async (input, context) => {
    if (input.to < input.from) throw AppError.field('to', 'EXPIRY_ORDER');
    if (dayCount(input.from, input.to) > STATEMENT_EXPORT_MAX_DAYS) throw AppError.field('to', 'RANGE_TOO_LONG', { max: STATEMENT_EXPORT_MAX_DAYS });
    return userStatementCsv(db, sessionOf(context).userId, input, timeZone);
  });
}
