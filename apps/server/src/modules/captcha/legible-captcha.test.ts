import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClockedServer, type ClockedServer } from '../../testing/accounts.js';
import { createCaptchaService } from './service.js';

/* The picture code is for people: unmistakable characters, large, one line of noise, and still outlines rather than text. */

let server: ClockedServer;
beforeAll(async () => {
  server = await startClockedServer();
});
afterAll(async () => server.close());

const AMBIGUOUS = /[0oq1il2z5s8b6g]/;

describe('the picture code', () => {
  it('draws only unmistakable characters, large, with little noise and no readable text', async () => {
    const captcha = createCaptchaService(server.database.db, undefined);
    for (let i = 0; i < 40; i += 1) {
      const { captchaId, image } = await captcha.generate(server.clock.now());
      const row = await server.database.db.selectFrom('captchas').select('answer').where('id', '=', captchaId).executeTakeFirstOrThrow();
      expect(row.answer).toMatch(/^[a-z0-9]{4}$/);
      expect(row.answer).not.toMatch(AMBIGUOUS);

      const svg = Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
      expect(Number(/height="(\d+)"/.exec(svg)?.[1])).toBeGreaterThanOrEqual(60);
      expect(svg.match(/fill="none"/g) ?? []).toHaveLength(1);
      expect(svg).not.toMatch(/<text/);
      expect(svg.toLowerCase()).not.toContain(row.answer);
    }
  });
});
