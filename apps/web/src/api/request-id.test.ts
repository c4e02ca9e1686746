import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createRequestIds, randomUuid, serverAnswered } from './request-id';

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

describe('request ids of a money action', () => {
  it('are version-4 UUIDs', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(randomUuid());
  });

  it('stay the same on a retry after no answer', () => {
    const ids = createRequestIds(counter());
    const first = ids.idFor('100.00 by bank');
    ids.settle(new ApiError(0, 'TIMEOUT', 'took too long'));
    expect(ids.idFor('100.00 by bank')).toBe(first);
    ids.settle(new ApiError(409, 'REQUEST_IN_PROGRESS', 'still running'));
    expect(ids.idFor('100.00 by bank')).toBe(first);
  });

  it('are new after any answer of the server', () => {
    const ids = createRequestIds(counter());
    const first = ids.idFor('100.00 by bank');
    ids.settle();
    const second = ids.idFor('100.00 by bank');
    expect(second).not.toBe(first);
    ids.settle(new ApiError(422, 'PAY_PASSWORD_WRONG', 'wrong'));
    expect(ids.idFor('100.00 by bank')).not.toBe(second);
  });

  it('are new when the user asks for something else', () => {
    const ids = createRequestIds(counter());
    const first = ids.idFor('100.00 by bank');
    ids.settle(new ApiError(0, 'NETWORK', 'offline'));
    expect(ids.idFor('200.00 by bank')).not.toBe(first);
  });

  it('count only a readable envelope as an answer', () => {
    expect(serverAnswered(new ApiError(422, 'INSUFFICIENT_BALANCE', 'no'))).toBe(true);
    expect(serverAnswered(new ApiError(502, 'BAD_RESPONSE', 'gateway'))).toBe(false);
    expect(serverAnswered(new Error('bug'))).toBe(false);
  });
});
