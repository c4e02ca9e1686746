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
