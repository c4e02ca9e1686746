import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Most tests wait on a database, a socket or a child process, not the CPU: one worker more than cores finishes sooner.
    maxWorkers: 3,
    projects: [
      // Property tests are CPU work: beside the browser tests (npm test runs both at once) they take seconds more.
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], testTimeout: 20_000 } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], testTimeout: 20_000 } },
      {
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/console/src/testing/setup.ts'],
          // antd renders much: a screen's first render in jsdom on a busy machine takes seconds.
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          // A file's servers start in its hooks: beside the browser tests that takes longer than the default 10 s at times.
          hookTimeout: 30_000,
        },
      },
      // Several server processes and nginx: it needs PostgreSQL (TEST_DATABASE_URL) and Redis, and says so when they are missing.
      { test: { name: 'deploy', include: ['deploy/**/*.test.ts'], testTimeout: 30_000 } },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
