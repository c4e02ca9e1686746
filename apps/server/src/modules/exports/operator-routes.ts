import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { EXPORT_KINDS, EXPORT_ROLES, dateSchema, daysSpan, fieldProblems, recordStatusSchema, type ExportKind } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { authorizedOperator, type FindOperator } from '../../http/operator-calls.js';
import { csvLine } from './csv.js';
import { EXPORT_SOURCES, type Cursor, type ExportFilter } from './sources.js';

/** Rows read per query: memory holds one batch, however many rows the file has. */
const BATCH_ROWS = 2_000;

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

async function* csvOf(db: Kysely<Database>, kind: ExportKind, filter: ExportFilter, timeZone: string) {
  const source = EXPORT_SOURCES[kind];
  // The byte-order mark tells spreadsheets the file is UTF-8, so Chinese and Arabic names stay readable.
  yield `\uFEFF${csvLine(source.header)}`;
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await source.batch(db, filter, cursor, BATCH_ROWS, timeZone);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(row.cells)).join('');
    cursor = rows[rows.length - 1]!.cursor;
    if (rows.length < BATCH_ROWS) return;
  }
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
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${name}"`);
    reply.header('cache-control', 'no-store');
    return reply.send(Readable.from(csvOf(db, kind, filter, timeZone)));
  });
}
