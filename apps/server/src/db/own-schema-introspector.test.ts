import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../testing/test-database.js';

/*
 * Several instances or test files share one PostgreSQL database, each in its
 * own schema. Migrating one schema must not fail because another schema of
 * the database changes or vanishes at that moment.
 */

it.runIf(onPostgres)('migrates a schema while another schema of the database is altered and dropped over and over', async () => {
  const churner = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await churner.connect();
  let churning = true;
  let rounds = 0;
  const churn = (async () => {
    while (churning) {
      const other = `churn_${randomBytes(4).toString('hex')}`;
      await churner.query(`create schema ${other}`);
      await churner.query(`create table ${other}.things (id text primary key, role text, note text)`);
      await churner.query(`alter table ${other}.things drop column role`);
      await churner.query(`drop schema ${other} cascade`);
      rounds += 1;
    }
  })();
  try {
    for (let i = 0; i < 6; i += 1) {
      const database = await createTestDatabase();
      expect(await database.db.selectFrom('operators').select('id').execute()).toEqual([]);
      await database.destroy();
    }
  } finally {
    churning = false;
    await churn;
    await churner.end();
  }
  expect(rounds).toBeGreaterThan(0);
}, 120_000);
