import { OPERATOR_CALLS } from '@wallet/contract/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, serve } from '../testing/render';
import { operatorCall, setSessionEndedHandler } from './client';
import { sessionStore } from './session';

const signedIn = { token: 'operator-token-0123456789', username: 'finance1', role: 'finance' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndedHandler(() => {});
});

describe('the operator client', () => {
  it('sends the bearer token and answers the envelope data', async () => {
    sessionStore.start(signedIn);
    const network = serve({ '/admin/api/outbox': ok({ items: [], total: 0, page: 1, pageSize: 20 }) });
    await expect(operatorCall(OPERATOR_CALLS.outbox, { page: 1 })).resolves.toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    const init = vi.mocked(globalThis.fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${signedIn.token}`);
    expect(network.calls[0]?.body).toEqual({ page: 1 });
  });

  it('on an ended session forgets the operator and asks for the sign-in page, with the server words in the error', async () => {
    sessionStore.start(signedIn);
    const toSignIn = vi.fn();
    setSessionEndedHandler(toSignIn);
    serve({ '/admin/api/outbox': { status: 401, envelope: { code: 401, mess: 'Your session has ended.', data: { reason: 'SESSION_INVALID' } } } });

    await expect(operatorCall(OPERATOR_CALLS.outbox, {})).rejects.toMatchObject({ status: 401, reason: 'SESSION_INVALID', mess: 'Your session has ended.' });
    expect(sessionStore.get()).toBeNull();
    expect(toSignIn).toHaveBeenCalledOnce();
  });

  it('keeps the sign-in form in charge when a code is missing', async () => {
    const toSignIn = vi.fn();
    setSessionEndedHandler(toSignIn);
    serve({ '/admin/api/login': { status: 401, envelope: { code: 401, mess: 'Enter your code.', data: { reason: 'TOTP_REQUIRED' } } } });
    await expect(operatorCall(OPERATOR_CALLS.login, { username: 'admin', password: 'x' })).rejects.toMatchObject({ reason: 'TOTP_REQUIRED' });
    expect(toSignIn).not.toHaveBeenCalled();
  });
});
