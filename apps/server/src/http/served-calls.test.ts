import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_CALLS } from '@wallet/contract';
import { startTestServer, type TestServer } from '../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** Every POST route the server registered, read off Fastify's route tree (`├── segment (METHODS)`, four columns a level, a child's segment appended to its parent's path). */
function postRoutes(tree: string): string[] {
  const parents: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const route = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = route;
    if (match[3]!.split(', ').includes('POST')) found.push(route);
  }
  return found;
}

it('serves every call of the contract, and no call the contract does not list (so none is missing from the API documentation)', () => {
  const served = postRoutes(server.app.printRoutes({ commonPrefix: false })).filter((route) => route.startsWith('/api/') || route.startsWith('/admin/api/'));
  const listed = ALL_CALLS.map((call) => call.path);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...served].sort()).toEqual([...listed].sort());
});
