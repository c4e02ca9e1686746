import type { FieldProblem } from '@wallet/contract';

/**
 * Fields holding U+0000 anywhere, at any depth. PostgreSQL text cannot store
 * it (the query fails) and no field of ours needs it, so such a body is
 * refused as invalid before it reaches SQL.
 */
export function nulCharacterProblems(value: unknown, path: string[] = []): FieldProblem[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [{ field: path.join('.'), key: 'INVALID_VALUE', params: {} }] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => nulCharacterProblems(item, [...path, key]));
}
