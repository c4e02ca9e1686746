import type { Kysely } from 'kysely';
import { periodAt, trendOf } from '@wallet/contract/game';
import type { Language } from '@wallet/contract';
import type { Database, PeriodsTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { offsetOf, type PageRequest } from '../../db/page.js';
import { diceOf, periodView } from './periods.js';
import type { ProjectCache } from './project-cache.js';
import { projectFields, projectNameIn, timingAt, type Project } from './projects.js';

/** Drawn periods kept in memory per project: the history's first pages and the trend. */
export const RECENT_KEPT = 100;
/** The last results `game/period` shows. */
const RECENT_SHOWN = 10;
/** While a draw that is due has not shown up yet (another instance draws it), look again this soon. */
const DRAW_PENDING_RETRY_MS = 500;

interface ProjectPeriods {
  /** The period whose window holds the clock, or, before it exists, the next one. */
  current: PeriodsTable | undefined;
  next: PeriodsTable | undefined;
  /** Drawn, newest first. */
  recent: PeriodsTable[];
  drawnTotal: number;
  validUntil: number;
}

/** What the reads need of the period round: catching up before a read, and hearing of a draw. */
export interface PeriodRounds {
  /** Creates and draws what is due, at most once a second per instance; never fails. */
  catchUp: (now: number) => Promise<void>;
  /** One round now, whatever ran last. */
  runRound: (now: number) => Promise<unknown>;
  onDrawn: (listener: () => void) => void;
}

/**
 * What `game/period`, `game/projects` and `game/history` read is the same for
 * every user: each instance keeps it in memory and reads the database again
 * only when the period changes (or a due draw has not shown up yet), not once
 * per call.
 */
export function createPeriodReads(db: Kysely<Database>, timeZone: string, rounds: PeriodRounds, projects: ProjectCache) {
  const periods = new Map<string, ProjectPeriods>();

  async function load(project: Project, now: number): Promise<ProjectPeriods> {
    const window = periodAt(timingAt(project, now), timeZone, now);
    const drawn = db.selectFrom('periods').where('project_id', '=', project.id).where('drawn_at', 'is not', null);
    const [around, recent, total, drawPending] = await Promise.all([
      db.selectFrom('periods').selectAll().where('project_id', '=', project.id).where('draws_at', '>', now).orderBy('draws_at').limit(2).execute(),
      drawn.selectAll().orderBy('draws_at', 'desc').limit(RECENT_KEPT).execute(),
      drawn.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      db.selectFrom('periods').select('period_no').where('project_id', '=', project.id).where('drawn_at', 'is', null).where('draws_at', '<=', now).executeTakeFirst(),
    ]);
    const current = around[0];
    // Before the period of this window exists (a fresh start) the next one stands in, until it opens.
    const opensLater = current && Number(current.opens_at) > now ? Number(current.opens_at) : Infinity;
    const next = current?.period_no === window.periodNo ? around[1] : undefined;
    // The next period is made in the scheduler's first round of this window: until then, ask again soon (orders go into it once this one locks).
    // The next period is not made yet, or, with a beacon whose chain is not known yet, none is: ask again soon.
    const nextPending = !next && project.enabled;
    // Past its lock time the period shows its orders root as soon as a round has fixed it.
    const rootPending = current !== undefined && now >= Number(current.locks_at) && current.orders_root === null;
    const locksLater = current && Number(current.locks_at) > now ? Number(current.locks_at) : Infinity;
    return {
      current,
      next,
      recent,
      drawnTotal: Number(total.n),
      validUntil: drawPending || nextPending || rootPending ? now + DRAW_PENDING_RETRY_MS : Math.min(window.drawsAt, opensLater, locksLater),
    };
  }

  /** A disabled project's too: its periods stay readable, so players can still check the draws they ordered on. */
  async function periodsOf(projectId: string, now: number): Promise<{ project: Project; cached: ProjectPeriods }> {
    const project = await projects.get(projectId);
    let cached = periods.get(projectId);
    if (!cached || now >= cached.validUntil) {
      await rounds.catchUp(now);
      cached = await load(project, now);
      // A project just created, or an instance that slept: make its next period now rather than a round later.
      if (!cached.current && project.enabled) {
        await rounds.runRound(now);
        cached = await load(project, now);
      }
      periods.set(projectId, cached);
    }
    return { project, cached };
  }

  // This instance drew a period: what it holds is out of date at once.
  rounds.onDrawn(() => periods.clear());

  return {
    async projects(now: number, lang: Language) {
      const list = await projects.open();
      return Promise.all(
        list.map(async (project) => {
          const { cached } = await periodsOf(project.id, now);
          return { ...projectFields(project, now, lang), current: cached.current ? periodView(cached.current, now) : null };
        }),
      );
    },

    /** The home page's cards: each project's period running now and its last result. */
    async home(now: number, lang: Language) {
      const list = await projects.open();
      return Promise.all(
        list.map(async (project) => {
          const { cached } = await periodsOf(project.id, now);
          const [last] = cached.recent;
          return {
            id: project.id,
            name: projectNameIn(project, lang),
            cover: project.cover,
            periodSeconds: timingAt(project, now).periodSeconds,
            current: cached.current ? periodView(cached.current, now) : null,
            last: last ? periodView(last, now) : null,
          };
        }),
      );
    },

    /** A disabled project whose last period has been drawn answers that period. */
    async period(projectId: string, now: number) {
      const { project, cached } = await periodsOf(projectId, now);
      const shown = cached.current ?? (project.enabled ? undefined : cached.recent[0]);
      if (!shown) throw new AppError('NOT_FOUND');
      return {
        ...periodView(shown, now),
        nextSeedHash: cached.next?.seed_hash ?? null,
        next: cached.next ? { periodNo: cached.next.period_no, opensAt: Number(cached.next.opens_at), locksAt: Number(cached.next.locks_at), drawsAt: Number(cached.next.draws_at) } : null,
        serverTime: now,
        recent: cached.recent.slice(0, RECENT_SHOWN).map((row) => periodView(row, now)),
      };
    },

    /** Over the drawn periods kept in memory: the last 100. */
    async trend(projectId: string, now: number) {
      const { cached } = await periodsOf(projectId, now);
      // A void period has no dice: the trend counts the periods drawn.
      return trendOf(cached.recent.map(diceOf).filter((dice) => dice !== null));
    },

    async history(projectId: string, query: PageRequest, now: number) {
      const { cached } = await periodsOf(projectId, now);
      const offset = offsetOf(query);
      const rows =
        offset + query.pageSize <= cached.recent.length || cached.recent.length === cached.drawnTotal
          ? cached.recent.slice(offset, offset + query.pageSize)
          : await db.selectFrom('periods').selectAll().where('project_id', '=', projectId).where('drawn_at', 'is not', null).orderBy('draws_at', 'desc').limit(query.pageSize).offset(offset).execute();
      const total = cached.drawnTotal;
      return { items: rows.map((row) => periodView(row, now)), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type PeriodReads = ReturnType<typeof createPeriodReads>;
