import { fieldProblems, type FieldProblem } from '@wallet/contract';
import { fieldMessage } from '../i18n';

/** An empty text reads as missing, not as "at least 1 character". */
const asMissing = (problem: FieldProblem): FieldProblem =>
  problem.key === 'TOO_SHORT' && problem.params['min'] === 1 ? { ...problem, key: 'REQUIRED', params: {} } : problem;

/** A call's body schema from the contract, as far as checking a form needs it. */
interface BodySchema {
  safeParse(body: unknown): { success: true } | { success: false; error: Parameters<typeof fieldProblems>[0] };
}

/**
 * Checks a body with the call's own schema before it is sent, so a form says
 * what the server would: field path → message in the console's language.
 */
export function contractProblems(schema: BodySchema, body: unknown): Record<string, string> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  return Object.fromEntries(fieldProblems(parsed.error, body).map((problem) => [problem.field, fieldMessage(asMissing(problem))]));
}
