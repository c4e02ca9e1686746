import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { DEFAULT_ODDS } from './projects.js';
import { drawLags } from './draw-lag.js';

/*
 * How late each enabled project's draw is (the `draw_lag_seconds` gauge):
 * since its oldest period due and not drawn, or, when no round even created
 * the period after the last drawn one, since that period was due.
 */

const SECOND = 1000;
const NOW = Date.UTC(2026, 5, 1, 12, 0, 30);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

/** A project of its own per case (`period_seconds` long periods), so the cases never see each other's periods. */
async function project(periodSeconds = 60, enabled = true): Promise<string> {
  const id = `lag-${randomBytes(4).toString('hex')}`;
  await database.db
    .insertInto('projects')
    .values({
      id,
      name: id,
      cover: '',
      period_seconds: periodSeconds,
      lock_seconds: 10,
      unit_amount: 100,
      min_quantity: 1,
      max_quantity: 100,
      odds: JSON.stringify(DEFAULT_ODDS),
      exposure_limit: null,
      enabled: enabled ? 1 : 0,
      sort: 9,
      next_period_seconds: null,
      next_lock_seconds: null,
      next_timing_from: null,
      created_at: NOW - 3600 * SECOND,
      updated_at: NOW - 3600 * SECOND,
    })
    .execute();
  return id;
}

let periodCounter = 0;
/** A period of the project drawing at `drawsAt` (60 s long), drawn on time or not yet. */
async function period(projectId: string, drawsAt: number, drawn: boolean): Promise<void> {
  periodCounter += 1;
  await database.db
    .insertInto('periods')
    .values({
      project_id: projectId,
      period_no: `20260601${String(periodCounter).padStart(4, '0')}`,
      opens_at: drawsAt - 60 * SECOND,
      locks_at: drawsAt - 10 * SECOND,
      draws_at: drawsAt,
      server_seed: 'a'.repeat(64),
      seed_hash: 'b'.repeat(64),
      dice: drawn ? '1,2,3' : null,
      drawn_at: drawn ? drawsAt : null,
      created_at: drawsAt - 120 * SECOND,
    })
    .execute();
}

async function lagOf(projectId: string): Promise<number | undefined> {
  return (await drawLags(database.db, NOW)).find((lag) => lag.projectId === projectId)?.lagMs;
}

it('counts from the oldest period due and not drawn', async () => {
  const late = await project();
  await period(late, NOW - 30 * SECOND, false);
  await period(late, NOW + 30 * SECOND, false);
  expect(await lagOf(late)).toBe(30 * SECOND);

  // Two behind: the older one sets the lag, whatever was drawn before them.
  const further = await project();
  await period(further, NOW - 150 * SECOND, true);
  await period(further, NOW - 90 * SECOND, false);
  await period(further, NOW - 30 * SECOND, false);
  expect(await lagOf(further)).toBe(90 * SECOND);
});

it('is 0 when every period due is drawn and the next one is not due yet', async () => {
  const onTime = await project();
  await period(onTime, NOW - 80 * SECOND, true);
  await period(onTime, NOW - 20 * SECOND, true);
  await period(onTime, NOW + 40 * SECOND, false);
  expect(await lagOf(onTime)).toBe(0);

  // The next period not even created yet, but not due either: on time.
  const notCreatedYet = await project();
  await period(notCreatedYet, NOW - 20 * SECOND, true);
  expect(await lagOf(notCreatedYet)).toBe(0);

  // A project no round has reached yet has nothing late.
  expect(await lagOf(await project())).toBe(0);

  // Due this very moment and drawn: on time.
  const justDrawn = await project();
  await period(justDrawn, NOW, true);
  expect(await lagOf(justDrawn)).toBe(0);
});

it('counts from when the period after the last drawn one was due when no round created it', async () => {
  const stalled = await project(60);
  await period(stalled, NOW - 160 * SECOND, true);
  await period(stalled, NOW - 100 * SECOND, true);
  // The next one was due at NOW - 40 s: no round ran since.
  expect(await lagOf(stalled)).toBe(40 * SECOND);

  // Periods of 3 minutes: the one after a draw 100 s ago is not due for another 80 s.
  const longer = await project(180);
  await period(longer, NOW - 100 * SECOND, true);
  expect(await lagOf(longer)).toBe(0);
});

it('lists every enabled project and no disabled one, however late its periods', async () => {
  const disabled = await project(60, false);
  await period(disabled, NOW - 600 * SECOND, false);
  const enabled = await project();
  const lags = await drawLags(database.db, NOW);
  const listed = lags.map((lag) => lag.projectId);
  expect(listed).not.toContain(disabled);
  expect(listed).toContain(enabled);
  const enabledIds = (await database.db.selectFrom('projects').select('id').where('enabled', '=', 1).execute()).map((row) => row.id);
  expect([...listed].sort()).toEqual([...enabledIds].sort());
  for (const lag of lags) expect(lag.lagMs).toBeGreaterThanOrEqual(0);
});
