import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-errors.js';
import { onPostgres } from '../testing/test-database.js';

const errorOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
};

describe('a database that cannot be reached', () => {
  it('is told apart when nothing listens where it should be', async () => {
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 1_000 });
    expect(isDatabaseUnreachable(await errorOf(() => client.connect()))).toBe(true);
  });

  it('is not confused with a refused statement', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
  });

  it.runIf(onPostgres)('is told apart when the server ends the connection mid-call', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const victim = new pg.Client({ connectionString: url });
    const killer = new pg.Client({ connectionString: url });
    await Promise.all([victim.connect(), killer.connect()]);
    victim.on('error', () => undefined);
    try {
      const { rows } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
      const running = errorOf(() => victim.query('select pg_sleep(5)'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await killer.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      expect(isDatabaseUnreachable(await running)).toBe(true);
    } finally {
      await Promise.all([victim.end().catch(() => undefined), killer.end()]);
    }
  });
});
