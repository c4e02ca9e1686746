import { CALLS } from '@wallet/contract/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { callApi, callApiForFile, setFailureHandler, setUnauthorizedHandler } from './client';
import { queryClient } from './query-client';
import { tokenStore } from './storage';

const token = vi.hoisted(() => ({ value: null as string | null }));
vi.mock('./storage', () => ({
  tokenStore: { get: () => token.value, set: (value: string) => (token.value = value), clear: () => (token.value = null) },
  languageStore: { get: () => 'en' },
}));
vi.mock('./app-config', () => ({ readAppConfig: () => ({ appId: 'app', keyId: 'k1', key: 'secret' }) }));

function answer(status: number, envelope: object) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(envelope), { status }))));
}

const signedOut = { code: 401, mess: 'Please log in again', data: { reason: 'SESSION_INVALID' } };

describe('the signed client', () => {
  beforeEach(() => {
    queryClient.clear();
    tokenStore.set('previous-account-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
    setFailureHandler(() => {});
  });

  it('on a 401 forgets the token and every query of the account, then asks for the login page', async () => {
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    queryClient.setQueryData(['account', 'info'], { username: 'previous' });
    queryClient.setQueryData(['account', 'money', 'assets'], { balance: '900.00' });
    queryClient.setQueryData(['public', 'getlang'], { displayName: 'Wallet' });
    answer(401, signedOut);

    await expect(callApi(CALLS.userAssets, {})).rejects.toMatchObject({ status: 401, reason: 'SESSION_INVALID' });
    expect(tokenStore.get()).toBeNull();
    expect(queryClient.getQueryData(['account', 'info'])).toBeUndefined();
    expect(queryClient.getQueryData(['account', 'money', 'assets'])).toBeUndefined();
    expect(queryClient.getQueryData(['public', 'getlang'])).toEqual({ displayName: 'Wallet' });
    expect(toLogin).toHaveBeenCalledWith('SESSION_INVALID');
  });

  it('on a freeze while signed in ends the session as a 401 does, saying why, and toasts nothing', async () => {
    const toLogin = vi.fn();
    const shown: string[] = [];
    setUnauthorizedHandler(toLogin);
    setFailureHandler((message) => shown.push(message));
    queryClient.setQueryData(['account', 'money', 'assets'], { balance: '900.00' });
    answer(403, { code: 403, mess: 'This account is frozen', data: { reason: 'ACCOUNT_FROZEN' } });

    await expect(callApi(CALLS.userAssets, {})).rejects.toMatchObject({ status: 403, reason: 'ACCOUNT_FROZEN' });
    expect(tokenStore.get()).toBeNull();
    expect(queryClient.getQueryData(['account', 'money', 'assets'])).toBeUndefined();
    expect(toLogin).toHaveBeenCalledWith('ACCOUNT_FROZEN');
    expect(shown).toEqual([]);
  });

  it('shows a failure through the registered handler, unless the caller shows it or it is a 401', async () => {
    const shown: string[] = [];
    setFailureHandler((message) => shown.push(message));
    const refused = { code: 422, mess: 'Not enough balance', data: { reason: 'INSUFFICIENT_BALANCE' } };

    answer(422, refused);
    await expect(callApi(CALLS.userAssets, {})).rejects.toBeInstanceOf(ApiError);
    answer(422, refused);
    await expect(callApi(CALLS.userAssets, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    answer(401, signedOut);
    await expect(callApi(CALLS.userAssets, {})).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(['Not enough balance']);
  });

  it('keeps the token and the account on any other failure', async () => {
    queryClient.setQueryData(['account', 'info'], { username: 'current' });
    answer(422, { code: 422, mess: 'Not enough balance', data: { reason: 'INSUFFICIENT_BALANCE' } });
    await expect(callApi(CALLS.userAssets, {})).rejects.toBeInstanceOf(ApiError);
    expect(tokenStore.get()).toBe('previous-account-token');
    expect(queryClient.getQueryData(['account', 'info'])).toEqual({ username: 'current' });
  });
});

describe('a signed call that answers a file', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setFailureHandler(() => {});
  });

  const days = { from: '2026-11-01', to: '2026-11-28' };

  it('answers the file when the server sends CSV, signed like every call', async () => {
    const csv = '\uFEFFtime,kind,account,amount,balance_after,reference\n';
    const fetch = vi.fn(() => Promise.resolve(new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } })));
    vi.stubGlobal('fetch', fetch);
    const file = await callApiForFile(CALLS.exportStatement, days);
    expect(new Uint8Array(await file.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('api/user/statement/export');
    expect(JSON.parse(init.body as string)).toMatchObject({ ...days, appid: 'app', secret: 'k1', sign: expect.any(String) });
  });

  it('throws a refusal as every call does, toasted unless the caller shows it', async () => {
    const shown: string[] = [];
    setFailureHandler((message) => shown.push(message));
    answer(400, { code: 400, mess: 'At most 366 days', data: { reason: 'VALIDATION', fields: { to: 'At most 366 days' } } });
    await expect(callApiForFile(CALLS.exportStatement, days, { quiet: true })).rejects.toMatchObject({ status: 400, reason: 'VALIDATION', fields: { to: 'At most 366 days' } });
    answer(400, { code: 400, mess: 'At most 366 days', data: { reason: 'VALIDATION' } });
    await expect(callApiForFile(CALLS.exportStatement, days)).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(['At most 366 days']);
  });
});
