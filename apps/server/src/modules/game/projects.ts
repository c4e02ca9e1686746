import type { Kysely } from 'kysely';
import { formatMoney, type Language } from '@wallet/contract';
import { OPTION_RULES, defaultOdds, formatOdds, returnToPlayerBasisPoints, type OddsHundredths, type PeriodTiming } from '@wallet/contract/game';
import type { DialectName } from '../../db/database.js';
import type { Database, ProjectsTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { FIRST_PROJECT_NAMES } from './first-project-names.js';

/** The projects a first start creates (PRODUCT §11): default odds, unit amount 1.00. */
const FIRST_PROJECTS = [
  { id: 'fast3-1m', name: FIRST_PROJECT_NAMES['fast3-1m'].en, names: JSON.stringify(FIRST_PROJECT_NAMES['fast3-1m']), period_seconds: 60, lock_seconds: 10, sort: 1 },
  { id: 'fast3-3m', name: FIRST_PROJECT_NAMES['fast3-3m'].en, names: JSON.stringify(FIRST_PROJECT_NAMES['fast3-3m']), period_seconds: 180, lock_seconds: 20, sort: 2 },
];

export type ProjectNames = Partial<Record<Language, string>>;

/**
 * The name a reader of `lang` sees: the project's name in that language where
 * it has one, else the operator's name. Without a language (the console), the operator's name.
 */
export const projectNameIn = (row: Pick<ProjectsTable, 'name' | 'names'>, lang?: Language): string =>
  (lang && row.names ? (JSON.parse(row.names) as ProjectNames)[lang] : undefined) || row.name;

export const DEFAULT_ODDS: Record<string, OddsHundredths> = Object.fromEntries(OPTION_RULES.map((r) => [r.code, defaultOdds(r.code)]));

export interface Project {
  id: string;
  name: string;
  /** As stored: JSON, language → name (see projectNameIn). */
  names: string | null;
  cover: string;
  timing: PeriodTiming;
  /** A saved timing change, and the local midnight it starts at. */
  nextTiming: { timing: PeriodTiming; from: number } | null;
  unitAmount: number;
  minQuantity: number;
  maxQuantity: number;
  odds: Record<string, OddsHundredths>;
  exposureLimit: number | null;
  enabled: boolean;
}

export function projectOf(row: ProjectsTable): Project {
  return {
    id: row.id,
    name: row.name,
    names: row.names,
    cover: row.cover,
    timing: { periodSeconds: row.period_seconds, lockSeconds: row.lock_seconds },
    nextTiming:
      row.next_timing_from === null || row.next_period_seconds === null || row.next_lock_seconds === null
        ? null
        : { timing: { periodSeconds: row.next_period_seconds, lockSeconds: row.next_lock_seconds }, from: Number(row.next_timing_from) },
    unitAmount: Number(row.unit_amount),
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    odds: { ...DEFAULT_ODDS, ...(JSON.parse(row.odds) as Record<string, OddsHundredths>) },
    exposureLimit: row.exposure_limit === null ? null : Number(row.exposure_limit),
    enabled: row.enabled === 1,
  };
}

/** The timing of the period running at `at`: a change applies from the local midnight after it was saved. */
export const timingAt = (project: Pick<Project, 'timing' | 'nextTiming'>, at: number): PeriodTiming =>
  project.nextTiming && at >= project.nextTiming.from ? project.nextTiming.timing : project.timing;

/** "0.9479" for 9479 basis points. */
const fractionOf = (basisPoints: number) => `${Math.floor(basisPoints / 10000)}.${String(basisPoints % 10000).padStart(4, '0')}`;

/** The options as the app lists them: code, group, odds and return to player. */
export const optionsOf = (project: Project) =>
  OPTION_RULES.map((r) => ({
    code: r.code,
    group: r.group,
    odds: formatOdds(project.odds[r.code]!),
    returnToPlayer: fractionOf(returnToPlayerBasisPoints(r.code, project.odds[r.code]!)),
  }));

export const projectFields = (project: Project, now: number, lang: Language) => ({
  id: project.id,
  name: projectNameIn(project, lang),
  periodSeconds: timingAt(project, now).periodSeconds,
  lockSeconds: timingAt(project, now).lockSeconds,
  unitAmount: formatMoney(project.unitAmount),
  minQuantity: project.minQuantity,
  maxQuantity: project.maxQuantity,
  options: optionsOf(project),
});

/** Creates the first-start projects that do not exist yet; answers the ids it created. */
export async function ensureFirstProjects(db: Kysely<Database>, now: number): Promise<string[]> {
  const created: string[] = [];
  for (const project of FIRST_PROJECTS) {
    const result = await db
      .insertInto('projects')
      .values({ ...project, cover: '', next_period_seconds: null, next_lock_seconds: null, next_timing_from: null, unit_amount: 100, min_quantity: 1, max_quantity: 10_000, odds: JSON.stringify(DEFAULT_ODDS), exposure_limit: null, enabled: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) created.push(project.id);
    // Made before projects had names per language, and not renamed since: its names in every language.
    else await db.updateTable('projects').set({ names: project.names }).where('id', '=', project.id).where('name', '=', project.name).where('names', 'is', null).execute();
  }
  return created;
}

export async function loadProjects(db: Kysely<Database>, which: 'enabled' | 'all'): Promise<Project[]> {
  let query = db.selectFrom('projects').selectAll().orderBy('sort').orderBy('id');
  if (which === 'enabled') query = query.where('enabled', '=', 1);
  return (await query.execute()).map(projectOf);
}

/**
 * The project as stored now, read in the order's transaction and key-share
 * locked on PostgreSQL: a save (which locks the row for update) waits for
 * the orders under way, and an order waits for a save under way and then
 * reads what it saved. So every order is priced, limited and checked by
 * the project as it is when the order commits, on every instance. A disabled
 * project takes no orders: 404, as for an unknown one.
 */
export async function projectForOrder(trx: Kysely<Database>, dialect: DialectName, projectId: string): Promise<Project> {
  let query = trx.selectFrom('projects').selectAll().where('id', '=', projectId);
  if (dialect === 'postgres') query = query.forKeyShare();
  const row = await query.executeTakeFirst();
  if (!row || row.enabled !== 1) throw new AppError('NOT_FOUND');
  return projectOf(row);
}
