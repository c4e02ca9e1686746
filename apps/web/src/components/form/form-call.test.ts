import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { withFormErrors } from './form-call';

function formRecording(steps: string[]) {
  return {
    values: { captchaCode: 'abcd' },
    setErrors: (errors: Record<string, string>) => steps.push(`errors ${JSON.stringify(errors)}`),
  };
}

describe('a form call', () => {
  it('answers the result and shows nothing', async () => {
    const steps: string[] = [];
    const result = await withFormErrors(formRecording(steps), () => Promise.resolve({ retryAfterSeconds: 60 }));
    expect(result).toEqual({ retryAfterSeconds: 60 });
    expect(steps).toEqual([]);
  });

  it('on failure, runs onFailure before showing the messages, then passes the failure on', async () => {
    const failure = new ApiError(400, 'VALIDATION', 'wrong', { captchaCode: 'wrong' });
    const steps: string[] = [];
    const sent = withFormErrors(formRecording(steps), () => Promise.reject(failure), { onFailure: () => steps.push('renew') });
    await expect(sent).rejects.toBe(failure);
    expect(steps).toEqual(['renew', 'errors {"captchaCode":"wrong"}']);
  });
});

describe('a form call refused for a reason the form shows itself', () => {
  it('hands the failure to onFailure, shows nothing else, and passes it on', async () => {
    const failure = new ApiError(422, 'DEPOSIT_LIMIT', 'limit passed', {}, { reason: 'DEPOSIT_LIMIT' });
    const steps: string[] = [];
    const handed: unknown[] = [];
    const sent = withFormErrors(formRecording(steps), () => Promise.reject(failure), { onFailure: (error) => handed.push(error), shownOnForm: ['DEPOSIT_LIMIT'] });
    await expect(sent).rejects.toBe(failure);
    expect(handed).toEqual([failure]);
    expect(steps).toEqual([]);
  });
});
