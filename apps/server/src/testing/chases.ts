import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { CALLS, type CallBody, type CallResult, type chaseList, type orderList, type startChase } from '@wallet/contract';
import type { ClockedServer } from './accounts.js';
import { callAs, type Caller } from './typed-call.js';

/** Chasing (PRODUCT §6) as a client sees it, on a server whose clock the test moves. */

export type Chase = CallResult<typeof chaseList>['items'][number];

/** The project's current period as players see it; the read runs the instance's period round first when the clock has passed a draw. */
export async function periodNow(server: ClockedServer, caller: Caller, projectId: string) {
  const response = await callAs(server, caller, CALLS.gamePeriod, { projectId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** Moves the clock to `at` (never back) and reads the project's period, which runs the round due there: draws, then chased periods placed or skipped. */
export async function clockTo(server: ClockedServer, caller: Caller, projectId: string, at: number) {
  if (at > server.clock.now()) server.clock.advance(at - server.clock.now());
  return periodNow(server, caller, projectId);
}

/** The project's period open now with its next period created (moving the clock to the next opening if needed). */
export async function openPeriodWithNext(server: ClockedServer, caller: Caller, projectId: string) {
  let current = await periodNow(server, caller, projectId);
  for (let tries = 0; tries < 5 && (current.status !== 'open' || current.nextSeedHash === null); tries += 1) {
    const at = current.status === 'upcoming' ? current.opensAt : current.status === 'open' ? server.clock.now() + 1000 : current.drawsAt;
    current = await clockTo(server, caller, projectId, at);
  }
  expect(current.status).toBe('open');
  expect(current.nextSeedHash).not.toBeNull();
  return current;
}

export function startChaseAs(server: ClockedServer, caller: Caller, fields: Omit<CallBody<typeof startChase>, 'requestId'> & { requestId?: string }) {
  return callAs(server, caller, CALLS.startChase, { ...fields, requestId: fields.requestId ?? randomUUID() });
}

export function cancelChaseAs(server: ClockedServer, caller: Caller, chaseNo: string, requestId = randomUUID()) {
  return callAs(server, caller, CALLS.cancelChase, { chaseNo, requestId });
}

/** Every chase of the user, newest first. */
export async function chasesOf(server: ClockedServer, caller: Caller): Promise<Chase[]> {
  const items: Chase[] = [];
  for (let page = 1; ; page += 1) {
    const response = await callAs(server, caller, CALLS.chaseList, { page, pageSize: 50 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    items.push(...response.body.data.items);
    if (items.length >= response.body.data.total || response.body.data.items.length === 0) return items;
  }
}

export async function chaseOf(server: ClockedServer, caller: Caller, chaseNo: string): Promise<Chase> {
  const found = (await chasesOf(server, caller)).find((chase) => chase.chaseNo === chaseNo);
  if (!found) throw new Error(`no chase ${chaseNo}`);
  return found;
}

/** Every order of the user, newest first. */
export async function ordersOf(server: ClockedServer, caller: Caller) {
  const items: CallResult<typeof orderList>['items'] = [];
  for (let page = 1; ; page += 1) {
    const response = await callAs(server, caller, CALLS.orderList, { page, pageSize: 50 });
    expect(response.status).toBe(200);
    items.push(...response.body.data.items);
    if (items.length >= response.body.data.total || response.body.data.items.length === 0) return items;
  }
}

/**
 * Each user's chase (`chaseNos[i]` is `users[i]`'s) as `readerOf(i)` lists it, read again every second until none
 * is running any more, for a minute at most: what the scheduler of whichever instance placed and drew.
 */
export async function chasesWhenEnded(users: Caller[], chaseNos: string[], readerOf: (index: number) => Pick<ClockedServer, 'baseUrl'>): Promise<Chase[]> {
  const chasesNow = async () => {
    const found: Chase[] = [];
    for (const [index, user] of users.entries()) {
      const listed = await callAs(readerOf(index) as ClockedServer, user, CALLS.chaseList, { page: 1, pageSize: 10 });
      found.push(listed.body.data.items.find((chase) => chase.chaseNo === chaseNos[index])!);
    }
    return found;
  };
  let chases = await chasesNow();
  for (let attempt = 0; chases.some((chase) => chase.running) && attempt < 60; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    chases = await chasesNow();
  }
  return chases;
}
