import { EMAIL_PATTERN } from '@wallet/contract/accounts';
import { describe, expect, it } from 'vitest';
import { feedbackContentProblem, isFeedbackEmail } from './feedback-rules';

describe('the feedback text', () => {
  it('must not be empty, also when it is only spaces', () => {
    expect(feedbackContentProblem('')).toBe('empty');
    expect(feedbackContentProblem('   \n ')).toBe('empty');
  });

  it('needs at least 15 characters, not counting the spaces around it', () => {
    expect(feedbackContentProblem('  too short   ')).toBe('short');
    expect(feedbackContentProblem('a'.repeat(14))).toBe('short');
    expect(feedbackContentProblem(`  ${'a'.repeat(15)}  `)).toBeUndefined();
  });

  it('counts an emoji as one character, as the server does', () => {
    expect(feedbackContentProblem('😀'.repeat(14))).toBe('short');
    expect(feedbackContentProblem('😀'.repeat(15))).toBeUndefined();
    expect(feedbackContentProblem('😀'.repeat(500))).toBeUndefined();
    expect(feedbackContentProblem('😀'.repeat(501))).toBe('long');
  });
});

describe('the feedback e-mail address', () => {
  it('takes an address with spaces around it', () => {
    expect(isFeedbackEmail(' someone@example.com ', EMAIL_PATTERN)).toBe(true);
  });

  it('refuses what is not an address, or one too long', () => {
    for (const value of ['', 'someone', 'someone@', '@example.com', 'some one@example.com', `${'a'.repeat(64)}@${'b'.repeat(190)}.com`])
      expect(isFeedbackEmail(value, EMAIL_PATTERN), value).toBe(false);
  });
});
