import type { CallResponse } from './test-server.js';
import { reasonOf } from './typed-call.js';

/** `n` calls started together. */
export const times = <T>(n: number, make: (index: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, index) => make(index)));

/** Answers counted by outcome: `OK`, or the status and reason of a refusal ("422 DEPOSIT_LIMIT"). */
export function tally(answers: CallResponse<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status === 200 ? 'OK' : `${answer.status} ${reasonOf(answer)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
