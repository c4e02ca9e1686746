import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodAt } from '@wallet/contract/game';
import { ensureFirstProjects, loadProjects, timingAt } from './projects.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { createPeriodRunner } from './period-runner.js';

/*
 * A reader catching the periods up waits for a round already running. That
 * round may have started before the reader's time, and so miss a draw that
 * fell due since: the reader must still find the period drawn.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PROJECT = 'fast3-1m';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

const drawnAt = async (periodNo: string) =>
  (await database.db.selectFrom('periods').select('drawn_at').where('project_id', '=', PROJECT).where('period_no', '=', periodNo).executeTakeFirst())?.drawn_at ?? null;

it('a reader arriving while an earlier round runs finds the period that fell due since drawn', async () => {
  const start = Math.floor(Date.now() / MINUTE) * MINUTE + 20 * SECOND;
  await ensureFirstProjects(database.db, start);
  const runner = createPeriodRunner(database.db, database.dialect, 'UTC', pino({ level: 'silent' }));
  const project = (await loadProjects(database.db, 'enabled')).find((p) => p.id === PROJECT)!;

  // A round during the minute before a period creates it with its hash published.
  const opensAt = periodAt(timingAt(project, start), 'UTC', start).drawsAt;
  await runner.catchUp(opensAt - 10 * SECOND);
  const period = periodAt(timingAt(project, opensAt), 'UTC', opensAt);
  await runner.catchUp(opensAt);
  expect(await drawnAt(period.periodNo)).toBeNull();

  // A round starts a little before the draw and is still running when a reader comes just after it.
  const earlier = runner.catchUp(period.drawsAt - 2 * SECOND);
  await runner.catchUp(period.drawsAt);
  await earlier;
  expect(Number(await drawnAt(period.periodNo))).toBe(period.drawsAt);
});
