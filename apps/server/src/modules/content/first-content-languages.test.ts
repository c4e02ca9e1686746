import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, LANGUAGES, type Language } from '@wallet/contract';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { callAs } from '../../testing/typed-call.js';

/* After a first start every item it wrote reads in each of the app's languages, never in another one's text. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const ok = async <T>(answer: Promise<{ status: number; body: { data: T } }>): Promise<T> => {
  const response = await answer;
  expect(response.status).toBe(200);
  return response.body.data;
};

async function firstTextsIn(lang: Language) {
  const home = await ok(callAs(server, null, CALLS.noticeHome, {}, { lang }));
  const welcome = await ok(callAs(server, null, CALLS.noticeDetail, { id: 'welcome' }, { lang }));
  const about = await ok(callAs(server, null, CALLS.noticeAbout, {}, { lang }));
  const agreement = await ok(callAs(server, null, CALLS.regAgreement, {}, { lang }));
  return {
    banner: home.banners.find((banner) => banner.id === 'welcome-banner')?.title,
    ticker: home.ticker.find((notice) => notice.id === 'welcome')?.title,
    welcome: [welcome.title, welcome.content],
    about: [about.title, about.content],
    agreement: [agreement.title, agreement.content],
  };
}

describe('the first start texts', () => {
  it('read in every language, each its own', async () => {
    const byLanguage = new Map<Language, Awaited<ReturnType<typeof firstTextsIn>>>();
    for (const lang of LANGUAGES) byLanguage.set(lang, await firstTextsIn(lang));
    const english = byLanguage.get('en')!;
    expect(english.banner).toBe('Provably fair dice: check every draw yourself');
    expect(english.ticker).toBe('Welcome');
    expect(english.agreement[0]).toBe('User agreement');
    expect(byLanguage.get('en-US')).toEqual(english);

    for (const [lang, texts] of byLanguage) {
      for (const [item, text] of Object.entries(texts)) {
        for (const part of [text].flat()) expect(part, `${lang} ${item}`).toMatch(/\S/);
      }
      if (lang === 'en' || lang === 'en-US') continue;
      // Every part differs from the English one: nothing fell back to the default language.
      expect(texts.banner, `${lang} banner`).not.toBe(english.banner);
      expect(texts.ticker, `${lang} ticker`).not.toBe(english.ticker);
      for (const item of ['welcome', 'about', 'agreement'] as const) {
        expect(texts[item][0], `${lang} ${item} title`).not.toBe(english[item][0]);
        expect(texts[item][1], `${lang} ${item} content`).not.toBe(english[item][1]);
      }
    }
    // Each language has its own text, not a neighbour's.
    const banners = [...byLanguage].filter(([lang]) => lang !== 'en-US').map(([, texts]) => texts.banner);
    expect(new Set(banners).size).toBe(banners.length);
    expect(byLanguage.get('ar')!.about[0]).toBe('من نحن');
    expect(byLanguage.get('de')!.agreement[1]).toContain('<h2>Nutzungsbedingungen</h2>');
  });
});
