import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, LANGUAGES, OPERATOR_CALLS, type Language } from '@wallet/contract';
import { manualClock, operatorToken, startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { clockTo } from '../../testing/chases.js';
import { saveTestProject } from '../../testing/game.js';
import { userWithBalance } from '../../testing/money-load.js';
import { callAs, operatorCallAs } from '../../testing/typed-call.js';

/* Players read a project's name in their language; the console keeps the operator's name, and a rename reaches every language. */

const DAY = 86_400_000;

let server: ClockedServer;
let token: string;
let player: Awaited<ReturnType<typeof userWithBalance>>;
beforeAll(async () => {
  // 06:00:20 UTC: far from midnight.
  server = await startClockedServer({ TIME_ZONE: 'UTC' }, manualClock(Math.floor(Date.now() / DAY) * DAY + 6 * 3_600_000 + 20_000));
  token = await operatorToken(server);
  player = await userWithBalance(server, token, '10.00');
}, 30_000);
afterAll(async () => server.close());

async function namesIn(lang: Language): Promise<Record<string, string>> {
  const answer = await callAs(server, player, CALLS.gameProjects, {}, { lang });
  expect(answer.status).toBe(200);
  return Object.fromEntries(answer.body.data.map((project) => [project.id, project.name]));
}

describe('project names', () => {
  it('after a first start, each first project has its own name in every language', async () => {
    const english = await namesIn('en');
    expect(english).toEqual({ 'fast3-1m': 'Fast 3 · 1 min', 'fast3-3m': 'Fast 3 · 3 min' });
    for (const lang of LANGUAGES) {
      const names = await namesIn(lang);
      for (const id of ['fast3-1m', 'fast3-3m']) {
        expect(names[id], `${lang} ${id}`).toMatch(/\S/);
        if (lang === 'en' || lang === 'en-US') expect(names[id], `${lang} ${id}`).toBe(english[id]);
        else expect(names[id], `${lang} ${id}`).not.toBe(english[id]);
      }
    }
    expect((await namesIn('zh-CN'))['fast3-1m']).toBe('快三 · 1分钟');
    expect((await namesIn('ar'))['fast3-3m']).toBe('سريع 3 · 3 دقائق');

    // The console shows and edits the operator's name.
    const listed = (await operatorCallAs(server, token, OPERATOR_CALLS.projects, {})).body.data;
    expect(listed.map((project) => project.name)).toEqual(['Fast 3 · 1 min', 'Fast 3 · 3 min']);
  });

  it("names the project of a player's orders in the player's language", async () => {
    const user = player;
    const current = (await callAs(server, user, CALLS.gamePeriod, { projectId: 'fast3-1m' })).body.data;
    server.clock.advance((current.status === 'upcoming' ? current.opensAt : current.drawsAt) - server.clock.now());
    const period = (await callAs(server, user, CALLS.gamePeriod, { projectId: 'fast3-1m' })).body.data;
    expect(period.status).toBe('open');
    const placed = await callAs(server, user, CALLS.placeOrder, { projectId: 'fast3-1m', periodNo: period.periodNo, selections: [{ option: 'big', quantity: 1 }], requestId: randomUUID() }, { lang: 'ja' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.orders[0]!.projectName).toBe('ファスト3 · 1分');
    const listed = await callAs(server, user, CALLS.orderList, { page: 1, pageSize: 10 }, { lang: 'de' });
    expect(listed.body.data.items[0]!.projectName).toBe('Schnell 3 · 1 Min.');

    // The period's result message names it in the language it is read in.
    await clockTo(server, user, 'fast3-1m', period.drawsAt);
    const bodyIn = async (lang: Language) => (await callAs(server, user, CALLS.userMessages, { page: 1, pageSize: 10 }, { lang })).body.data.items.find((message) => message.kind === 'order_result')?.body;
    expect(await bodyIn('ru')).toContain('Быстрая 3 · 1 мин');
    expect(await bodyIn('en')).toContain('Fast 3 · 1 min');
  });

  it('a rename by an operator shows the new name to every language', async () => {
    await saveTestProject(server, token, { id: 'fast3-3m', name: 'Lucky 3', periodSeconds: 180, lockSeconds: 20, maxQuantity: 10_000 });
    for (const lang of LANGUAGES) {
      const names = await namesIn(lang);
      expect(names['fast3-3m'], lang).toBe('Lucky 3');
      // The other project keeps its names per language.
      if (lang === 'ko') expect(names['fast3-1m']).toBe('패스트 3 · 1분');
    }
  });
});
