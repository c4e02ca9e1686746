import { FEEDBACK_MAX_CHARACTERS, FEEDBACK_MIN_CHARACTERS, characterCount } from '@wallet/contract/core';

/** What is wrong with a feedback text, in the order the seed checks it: nothing written, too little, too much. */
export type ContentProblem = 'empty' | 'short' | 'long';

/** Counted as the server counts: without the spaces around it, an emoji as one character. */
export function feedbackContentProblem(content: string): ContentProblem | undefined {
  const length = characterCount(content.trim());
  if (length === 0) return 'empty';
  if (length < FEEDBACK_MIN_CHARACTERS) return 'short';
  if (length > FEEDBACK_MAX_CHARACTERS) return 'long';
  return undefined;
}

/** The e-mail address as the server checks it (its pattern comes with the contract's account rules). */
export function isFeedbackEmail(value: string, pattern: RegExp): boolean {
  const email = value.trim();
  return email.length <= 254 && pattern.test(email);
}
