import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatMoney, isShownImageUrl, type CallInput, type saveProject } from '@wallet/contract';
import { formatOdds, nextLocalMidnight, periodAt } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, ProjectsTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import { recountExposure } from './exposure.js';
import { DEFAULT_ODDS, projectOf, timingAt } from './projects.js';
import type { ProjectCache } from './project-cache.js';

type SaveInput = CallInput<typeof saveProject>;

/** A project as operators see it: the timing running now, and a change waiting for midnight. */
export function operatorProjectOf(row: ProjectsTable, now: number) {
  const project = projectOf(row);
  const timing = timingAt(project, now);
  const waiting = project.nextTiming && now < project.nextTiming.from ? project.nextTiming : null;
  return {
    id: project.id,
    name: project.name,
    cover: project.cover,
    periodSeconds: timing.periodSeconds,
    lockSeconds: timing.lockSeconds,
    nextTiming: waiting ? { ...waiting.timing, from: waiting.from } : null,
    unitAmount: formatMoney(project.unitAmount),
    minQuantity: project.minQuantity,
    maxQuantity: project.maxQuantity,
    odds: Object.fromEntries(Object.entries(project.odds).map(([code, odds]) => [code, formatOdds(odds)])),
    exposureLimit: project.exposureLimit === null ? null : formatMoney(project.exposureLimit),
    enabled: project.enabled,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * Where the timing columns go: a new project runs the new timing at once (from
 * its next period boundary); a running project keeps the periods of today and
 * switches at a local midnight, since periods are cut from the day: the first
 * one after the running period ends, because the period after it may exist
 * already (tomorrow's first, while today's last runs).
 */
function timingColumns(existing: ProjectsTable | undefined, input: SaveInput, timeZone: string, now: number) {
  const wanted = { period_seconds: input.periodSeconds, lock_seconds: input.lockSeconds };
  const none = { next_period_seconds: null, next_lock_seconds: null, next_timing_from: null };
  if (!existing) return { ...wanted, ...none };
  const running = timingAt(projectOf(existing), now);
  if (running.periodSeconds === input.periodSeconds && running.lockSeconds === input.lockSeconds) return { period_seconds: running.periodSeconds, lock_seconds: running.lockSeconds, ...none };
  return {
    period_seconds: running.periodSeconds,
    lock_seconds: running.lockSeconds,
    next_period_seconds: input.periodSeconds,
    next_lock_seconds: input.lockSeconds,
    next_timing_from: nextLocalMidnight(timeZone, periodAt(running, timeZone, now).drawsAt),
  };
}

export interface OperatorProjectsDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  timeZone: string;
  projects: ProjectCache;
  /** CONTENT_IMAGE_HOSTS: a cover is an image the pages can show, as in content. */
  imageHosts: readonly string[];
}

export function createOperatorProjects({ db, dialect, timeZone, projects, imageHosts }: OperatorProjectsDependencies) {
  return {
    async list(now: number) {
      const rows = await db.selectFrom('projects').selectAll().orderBy('sort').orderBy('id').execute();
      return rows.map((row) => operatorProjectOf(row, now));
    },

    /** Creates or changes a project with its audit entry, in one transaction. */
    async save(operatorId: string, input: SaveInput, now: number) {
      try {
        return await saveOnce(operatorId, input, now);
      } catch (error) {
        // Another save created this id meanwhile: saving again changes what it created, as a later save would.
        if (!(error instanceof CreatedMeanwhile)) throw error;
        return saveOnce(operatorId, input, now);
      }
    },
  };

  /** The project as stored, locked against another save until this one commits (PostgreSQL). */
  function lockedProject(trx: Kysely<Database>, id: string) {
    const query = trx.selectFrom('projects').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async function saveOnce(operatorId: string, input: SaveInput, now: number) {
    if (input.cover && !isShownImageUrl(input.cover, imageHosts)) throw AppError.field('cover', 'IMAGE_URL_RULE');
    const saved = await db.transaction().execute(async (trx) => {
      const existing = input.id ? await lockedProject(trx, input.id) : undefined;
      // What is not sent stays as it is (a new project: the defaults).
      const fields = {
        name: input.name,
        // A rename replaces the names per language: no reader is left with the old name (docs/decisions.md).
        names: existing && existing.name === input.name ? existing.names : null,
        cover: input.cover ?? existing?.cover ?? '',
        ...timingColumns(existing, input, timeZone, now),
        unit_amount: input.unitAmount,
        min_quantity: input.minQuantity ?? existing?.min_quantity ?? 1,
        max_quantity: input.maxQuantity,
        odds: JSON.stringify({ ...(existing ? projectOf(existing).odds : DEFAULT_ODDS), ...input.odds }),
        exposure_limit: input.exposureLimit === undefined ? (existing?.exposure_limit ?? null) : input.exposureLimit,
        enabled: input.enabled ? 1 : 0,
        updated_at: now,
      };
      if (fields.min_quantity > fields.max_quantity) throw AppError.field('maxQuantity', 'QUANTITY_LIMITS_ORDER');
      const id = input.id ?? `p-${randomBytes(4).toString('hex')}`;
      if (existing) {
        await trx.updateTable('projects').set(fields).where('id', '=', id).execute();
      } else {
        const last = await trx.selectFrom('projects').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
        const inserted = await trx
          .insertInto('projects')
          .values({ id, ...fields, sort: Number(last?.sort ?? 0) + 1, created_at: now })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new CreatedMeanwhile();
      }
      // A limit from now on: what its open periods already hold counts toward it.
      if (existing && existing.exposure_limit === null && fields.exposure_limit !== null) await recountExposure(trx, id);
      const row = await trx.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const after = operatorProjectOf(row, now);
      await recordAudit(trx, { operatorId, action: 'projects/save', target: id, before: existing ? operatorProjectOf(existing, now) : null, after }, now);
      return after;
    });
    await projects.announce(saved.id);
    return saved;
  }
}

class CreatedMeanwhile extends Error {}

export type OperatorProjects = ReturnType<typeof createOperatorProjects>;
