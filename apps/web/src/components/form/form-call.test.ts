import { CALLS } from '@wallet/contract/core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { callForForm } from './form-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../api/client', () => ({ callApi }));

function formRecording(steps: string[]) {
  return {
    values: { captchaCode: 'abcd' },
    setErrors: (errors: Record<string, string>) => steps.push(`errors ${JSON.stringify(errors)}`),
  };
}

describe('a form call', () => {
  it('makes the call quietly and answers its result', async () => {
    callApi.mockResolvedValueOnce({ retryAfterSeconds: 60 });
    const steps: string[] = [];
    const result = await callForForm(formRecording(steps), CALLS.sendResetCode, { username: 'alice', purpose: 'reset' });
    expect(result).toEqual({ retryAfterSeconds: 60 });
    expect(callApi).toHaveBeenLastCalledWith(CALLS.sendResetCode, { username: 'alice', purpose: 'reset' }, { quiet: true });
    expect(steps).toEqual([]);
  });

  it('on failure, runs onFailure before showing the messages, then passes the failure on', async () => {
    const failure = new ApiError(400, 'CAPTCHA_WRONG', 'wrong', { captchaCode: 'wrong' });
    callApi.mockRejectedValueOnce(failure);
    const steps: string[] = [];
    const sent = callForForm(formRecording(steps), CALLS.sendResetCode, { username: 'alice', purpose: 'reset' }, { onFailure: () => steps.push('renew') });
    await expect(sent).rejects.toBe(failure);
    expect(steps).toEqual(['renew', 'errors {"captchaCode":"wrong"}']);
  });
});
