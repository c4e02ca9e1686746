import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { EXPORT_KINDS, EXPORT_ROLES, dateSchema, daysSpan, fieldProblems, recordStatusSchema } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { authorizedOperator, type FindOperator } from '../../http/operator-calls.js';
import { sendCsv } from '../../http/send-csv.js';
import { csvText } from './csv-stream.js';
import { EXPORT_SOURCES, type ExportFilter } from './sources.js';

const text = (max: number) => z.string().trim().min(1).max(max).optional();

/** The days, and the filters of the list each export comes from (a filter another list has is ignored). */
const exportQuery = z.strictObject({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  status: recordStatusSchema.optional(),
  q: text(64),
  projectId: text(32),
  periodNo: text(16),
  username: text(20),
  userId: text(64),
  operatorId: text(64),
  action: text(60),
});

export interface ExportDependencies {
  db: Kysely<Database>;
  timeZone: string;
  findOperator: FindOperator;
  now: () => number;
}

/**
 * `GET /admin/api/export/<kind>.csv?from=&to=&status=&userId=`: the bearer
 * token and the role are checked and the query validated before the first
 * byte, so a refusal is the usual envelope; then rows stream out in batches.
 */
export function exportRoutes(app: FastifyInstance, { db, timeZone, findOperator, now }: ExportDependencies): void {
  app.get<{ Params: { file: string }; Querystring: Record<string, string> }>('/admin/api/export/:file', async (request, reply) => {
    const kind = EXPORT_KINDS.find((k) => request.params.file === `${k}.csv`);
    if (!kind) throw new AppError('NOT_FOUND');
    await authorizedOperator(request, findOperator, now(), { roles: EXPORT_ROLES[kind], beforeTotp: false });
    const parsed = exportQuery.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldProblems(parsed.error, request.query) });
    const { from, to, ...filters } = parsed.data;
    const filter: ExportFilter = { ...daysSpan(from, to, timeZone), ...filters };
    const name = `${kind}${from ? `-${from}` : ''}${to ? `-${to}` : ''}.csv`;
    const source = EXPORT_SOURCES[kind];
    return sendCsv(reply, { filename: name, text: csvText(source.header, (after, limit) => source.batch(db, filter, after, limit, timeZone)) });
  });
}
