import pg from 'pg';
import { redisAnswers } from '../apps/server/src/testing/redis.js';
import { findNginx } from './nginx-process.js';

/** Where Redis is on a developer's machine and in CI. */
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** What a topology runs on, as the variables that name them locally. */
export interface TopologyServices {
  /** The PostgreSQL server, and the variable it was read from (for the message when it is missing). */
  postgres: { url: string | undefined; variable: string };
  redisUrl: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function postgresProblem({ url, variable }: TopologyServices['postgres']): Promise<string | undefined> {
  if (!url) return `PostgreSQL (set ${variable})`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${variable} (${message(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What of nginx, PostgreSQL and Redis is not there, each with what to do about it; empty when all are. */
export async function missingServices(services: TopologyServices): Promise<string[]> {
  const problems = [
    findNginx() ? undefined : 'nginx (Debian: apt-get install nginx)',
    await postgresProblem(services.postgres),
    (await redisAnswers(services.redisUrl)) ? undefined : `Redis at ${services.redisUrl}`,
  ];
  return problems.filter((problem): problem is string => problem !== undefined);
}
