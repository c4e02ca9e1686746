import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, OPERATOR_CALLS } from '@wallet/contract';
import { startWithOperator } from '../../testing/accounts.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { callAs, errorOf, expectRefusal, operatorCallAs } from '../../testing/typed-call.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startWithOperator(startTestServer));
});
afterAll(async () => server.close());

const currencyShown = async () => (await callAs(server, null, CALLS.getLang, {})).body.data.currency;

describe('the currency setting', () => {
  it('starts as US dollars and reaches the app through getlang', async () => {
    expect(await currencyShown()).toEqual({ code: 'USD', symbol: '$' });
    expect((await operatorCallAs(server, token, OPERATOR_CALLS.settings, {})).body.data.currency).toEqual({ code: 'USD', symbol: '$' });
  });

  it('saves a known ISO 4217 code (upper-cased) with its symbol, and the app reads it at once', async () => {
    const saved = await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { currency: { code: 'myr', symbol: 'RM' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.currency).toEqual({ code: 'MYR', symbol: 'RM' });
    expect(await currencyShown()).toEqual({ code: 'MYR', symbol: 'RM' });
  });

  it('refuses an unknown code and an empty symbol with the field and its reason, keeping the saved currency', async () => {
    const unknown = await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { currency: { code: 'ABC', symbol: '¤' } });
    expectRefusal(unknown, 400, 'VALIDATION');
    expect(errorOf(unknown).fields).toEqual({ 'currency.code': "Enter a currency's three-letter ISO 4217 code, such as USD or EUR." });

    const noSymbol = await operatorCallAs(server, token, OPERATOR_CALLS.saveSettings, { currency: { code: 'EUR', symbol: '' } });
    expectRefusal(noSymbol, 400, 'VALIDATION');
    expect(Object.keys(errorOf(noSymbol).fields ?? {})).toEqual(['currency.symbol']);

    expect(await currencyShown()).toEqual({ code: 'MYR', symbol: 'RM' });
  });
});
