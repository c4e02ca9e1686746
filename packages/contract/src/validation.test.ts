import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { MAX_FIELD_PROBLEMS, fieldProblems, moneySchema, type FieldProblem } from './validation.js';

const profile = z.strictObject({
  name: z.string().min(2).max(5),
  age: z.number().int().min(18).max(120),
  tags: z.array(z.string()).min(1).max(2),
  email: z.email(),
  kind: z.enum(['a', 'b']),
  address: z.strictObject({ city: z.string() }).optional(),
});

const validProfile = { name: 'Ann', age: 30, tags: ['x'], email: 'ann@example.com', kind: 'a' };

/** The problems for one input, by field name. */
function problemsOf(schema: z.ZodType, input: unknown): Record<string, Omit<FieldProblem, 'field'>> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return Object.fromEntries(fieldProblems(result.error, input).map(({ field, ...rest }) => [field, rest]));
}

describe('fieldProblems', () => {
  it('accepts the valid profile this file starts from', () => {
    expect(profile.safeParse(validProfile).success).toBe(true);
  });

  it('reports a missing field as REQUIRED', () => {
    const { name: _omitted, ...rest } = validProfile;
    expect(problemsOf(profile, rest)).toEqual({ name: { key: 'REQUIRED', params: { expected: 'string' } } });
  });

  it('reports a value of the wrong type as INVALID_TYPE', () => {
    expect(problemsOf(profile, { ...validProfile, age: '30' })).toEqual({
      age: { key: 'INVALID_TYPE', params: { expected: 'number' } },
    });
  });

  it('names each unknown key on its own as UNKNOWN_FIELD', () => {
    expect(problemsOf(profile, { ...validProfile, isAdmin: true, balance: 1 })).toEqual({
      isAdmin: { key: 'UNKNOWN_FIELD', params: {} },
      balance: { key: 'UNKNOWN_FIELD', params: {} },
    });
  });

  it('names ten fields at most, and cuts a made-up key of any length', () => {
    const unknown = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`key${i}`, i]));
    const problems = problemsOf(profile, { ...validProfile, ...unknown, ['x'.repeat(100_000)]: 1 });
    expect(Object.keys(problems)).toHaveLength(MAX_FIELD_PROBLEMS);
    expect(Math.max(...Object.keys(problems).map((field) => field.length))).toBeLessThanOrEqual(65);
    expect(problemsOf(profile, { ['y'.repeat(1000)]: 1, ...validProfile })).toEqual({ [`${'y'.repeat(64)}…`]: { key: 'UNKNOWN_FIELD', params: {} } });
  });

  it('names an unknown key inside a nested object by its path', () => {
    expect(problemsOf(profile, { ...validProfile, address: { city: 'Lyon', zip: '69000' } })).toEqual({
      'address.zip': { key: 'UNKNOWN_FIELD', params: {} },
    });
  });

  it.each([
    ['a too short string', { name: 'A' }, 'name', { key: 'TOO_SHORT', params: { min: 2 } }],
    ['a too long string', { name: 'Annabel' }, 'name', { key: 'TOO_LONG', params: { max: 5 } }],
    ['a too short array', { tags: [] }, 'tags', { key: 'TOO_FEW_ITEMS', params: { min: 1 } }],
    ['a too long array', { tags: ['a', 'b', 'c'] }, 'tags', { key: 'TOO_MANY_ITEMS', params: { max: 2 } }],
    ['a too small number', { age: 17 }, 'age', { key: 'TOO_SMALL', params: { min: 18 } }],
    ['a too big number', { age: 121 }, 'age', { key: 'TOO_BIG', params: { max: 120 } }],
    ['a badly formatted value', { email: 'not-an-email' }, 'email', { key: 'INVALID_FORMAT', params: {} }],
    ['a value outside an enum', { kind: 'c' }, 'kind', { key: 'INVALID_VALUE', params: {} }],
  ])('reports %s', (_name, change, field, problem) => {
    expect(problemsOf(profile, { ...validProfile, ...change })).toEqual({ [field]: problem });
  });

  it('reports one problem per field, several fields at once', () => {
    const problems = problemsOf(profile, { ...validProfile, name: 7, age: 1.5, extra: 1 });
    expect(Object.keys(problems).sort()).toEqual(['age', 'extra', 'name']);
  });

  it('names a body that is not an object "body"', () => {
    expect(Object.keys(problemsOf(profile, 'text'))).toEqual(['body']);
    expect(problemsOf(profile, [1])['body']?.key).toBe('INVALID_TYPE');
  });
});

describe('moneySchema', () => {
  const payment = z.strictObject({ amount: moneySchema() });
  const adjustment = z.strictObject({ amount: moneySchema({ allowNegative: true }) });

  it('reads a decimal string or a number into cents', () => {
    expect(payment.parse({ amount: '12.50' })).toEqual({ amount: 1250 });
    expect(payment.parse({ amount: 0.07 })).toEqual({ amount: 7 });
    expect(adjustment.parse({ amount: '-3.10' })).toEqual({ amount: -310 });
  });

  it.each([
    ['a missing amount', {}, 'REQUIRED'],
    ['text', { amount: 'ten' }, 'MONEY_FORMAT'],
    ['null', { amount: null }, 'MONEY_FORMAT'],
    ['three decimals', { amount: '1.234' }, 'MONEY_DECIMALS'],
    ['a negative amount', { amount: '-1' }, 'MONEY_NEGATIVE'],
    ['a huge amount', { amount: '99999999999999' }, 'MONEY_TOO_LARGE'],
  ])('reports %s with its money key', (_name, input, key) => {
    expect(problemsOf(payment, input)).toEqual({ amount: { key, params: {} } });
  });
});
