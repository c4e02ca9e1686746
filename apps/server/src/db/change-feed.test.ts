import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../testing/test-database.js';
import { openChangeFeed, type ChangeFeed } from './change-feed.js';

/*
 * The feed every cache of an instance listens to: a change announced on one
 * instance reaches the others; a listener that lost its connection says so
 * until it is back, and then reports that anything may have changed.
 */

const silent = pino({ level: 'silent' });

let database: TestDatabase;
const opened: ChangeFeed[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const feed of opened) await feed.close();
  await database.destroy();
});

/** A feed of `topic` as one instance opens it, with every change it heard. */
function instance(topic: string) {
  const heard: (string | null)[] = [];
  const feed = openChangeFeed(database, topic, (subject) => heard.push(subject), silent);
  opened.push(feed);
  return { feed, heard };
}

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`waited 5 s for ${what}`);
}

describe('a change feed', () => {
  it('tells this instance at once', async () => {
    const a = instance('content');
    await until(() => a.feed.live(), 'the listener');
    await a.feed.announce(['notice-1']);
    expect(a.heard).toContain('notice-1');
  });

  // Several instances share a PostgreSQL database; an SQLite file belongs to one.
  it.runIf(onPostgres)('tells every other instance of the topic, and only of the topic', async () => {
    const a = instance('projects');
    const b = instance('projects');
    const other = instance('settings');
    await until(() => a.feed.live() && b.feed.live() && other.feed.live(), 'the listeners');
    for (const listener of [a, b, other]) listener.heard.length = 0;

    await a.feed.announce(['fast3-1m']);
    await until(() => b.heard.includes('fast3-1m'), 'the other instance');
    expect(other.heard).toEqual([]);
  });

  it.runIf(onPostgres)('serves nothing from a cache while its listener is away, and drops everything when it is back', async () => {
    const b = instance('lost');
    await until(() => b.feed.live(), 'the listener');
    b.heard.length = 0;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN "lost_changed_${database.schema}"`}`.execute(database.db);
    await until(() => !b.feed.live(), 'the listener to be lost');
    await until(() => b.feed.live(), 'the listener to come back');
    expect(b.heard).toEqual([null]);
  });
});
