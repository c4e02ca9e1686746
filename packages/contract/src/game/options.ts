/**
 * The dice game's options (PRODUCT §6): each a code of the contract and the
 * rule that says whether three dice win it. Server, app and tests share this
 * one implementation.
 */

export type Dice = readonly [number, number, number];

const FACES = [1, 2, 3, 4, 5, 6] as const;
const SUMS = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;

/** The groups the app shows as tabs, in order. */
export const OPTION_GROUPS = ['basic', 'sum', 'triple', 'pair', 'two', 'three', 'straight'] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

const sumOf = (dice: Dice) => dice[0] + dice[1] + dice[2];
const isTriple = (dice: Dice) => dice[0] === dice[1] && dice[1] === dice[2];
const count = (dice: Dice, face: number) => dice.filter((d) => d === face).length;
const sorted = (dice: Dice) => [...dice].sort((a, b) => a - b);

export interface OptionRule {
  code: string;
  group: OptionGroup;
  wins: (dice: Dice) => boolean;
}

const rule = (code: string, group: OptionGroup, wins: (dice: Dice) => boolean): OptionRule => ({ code, group, wins });

function pairsOf<T>(items: readonly T[]): [T, T][] {
  return items.flatMap((a, i) => items.slice(i + 1).map((b): [T, T] => [a, b]));
}

function triplesOf<T>(items: readonly T[]): [T, T, T][] {
  return items.flatMap((a, i) => pairsOf(items.slice(i + 1)).map(([b, c]): [T, T, T] => [a, b, c]));
}

/** Every option, in the order the app lists them. */
export const OPTION_RULES: readonly OptionRule[] = [
  rule('big', 'basic', (d) => !isTriple(d) && sumOf(d) >= 11),
  rule('small', 'basic', (d) => !isTriple(d) && sumOf(d) <= 10),
  rule('odd', 'basic', (d) => !isTriple(d) && sumOf(d) % 2 === 1),
  rule('even', 'basic', (d) => !isTriple(d) && sumOf(d) % 2 === 0),
  ...SUMS.map((n) => rule(`sum-${n}`, 'sum', (d) => sumOf(d) === n)),
  ...FACES.map((n) => rule(`triple-${n}`, 'triple', (d) => isTriple(d) && d[0] === n)),
  rule('any-triple', 'triple', isTriple),
  ...FACES.map((n) => rule(`pair-${n}`, 'pair', (d) => count(d, n) >= 2)),
  ...pairsOf(FACES).map(([a, b]) => rule(`two-${a}-${b}`, 'two', (d) => count(d, a) >= 1 && count(d, b) >= 1)),
  ...triplesOf(FACES).map(([a, b, c]) =>
    rule(`three-${a}-${b}-${c}`, 'three', (d) => {
      const s = sorted(d);
      return s[0] === a && s[1] === b && s[2] === c;
    }),
  ),
  rule('straight', 'straight', (d) => {
    const s = sorted(d);
    return s[1] === s[0]! + 1 && s[2] === s[1]! + 1;
  }),
];

export const OPTION_CODES: readonly string[] = OPTION_RULES.map((r) => r.code);

const RULES_BY_CODE = new Map(OPTION_RULES.map((r) => [r.code, r]));

export const isOptionCode = (code: string) => RULES_BY_CODE.has(code);

export function optionRule(code: string): OptionRule {
  const found = RULES_BY_CODE.get(code);
  if (!found) throw new RangeError(`no such option: ${code}`);
  return found;
}

/** All 216 ordered throws of three dice, each equally likely. */
export const ALL_THROWS: readonly Dice[] = FACES.flatMap((a) => FACES.flatMap((b) => FACES.map((c): Dice => [a, b, c])));

/** In how many of the 216 throws the option wins. */
export const winningThrows = (code: string) => ALL_THROWS.filter(optionRule(code).wins).length;

/** Odds are kept as integer hundredths: 195 is 1.95. */
export type OddsHundredths = number;

/** The share of the amount ordered that returns to players on average, in basis points (9600 = 96 %), rounded down. */
export function returnToPlayerBasisPoints(code: string, odds: OddsHundredths): number {
  return Math.floor((odds * winningThrows(code) * 100) / 216);
}

/** Odds the house offers by default on big, small, odd and even. */
export const BASIC_DEFAULT_ODDS: OddsHundredths = 195;
/** Every other option's default: the largest odds whose return to player stays at or below 96 %. */
export const DEFAULT_RETURN_TO_PLAYER_BASIS_POINTS = 9600;

/** odds × outcomes / 216 ≤ 0.96, in whole hundredths: odds ≤ 0.96 × 216 × 100 / outcomes. */
export function defaultOdds(code: string): OddsHundredths {
  if (optionRule(code).group === 'basic') return BASIC_DEFAULT_ODDS;
  return Math.floor((DEFAULT_RETURN_TO_PLAYER_BASIS_POINTS * 216) / (winningThrows(code) * 100));
}

/** The odds an operator may set: 1.01 (a win pays more than the amount) to 10 000.00. */
export const MIN_ODDS: OddsHundredths = 101;
export const MAX_ODDS: OddsHundredths = 1_000_000;

/**
 * The most one order may cost (a project's unit amount × its maximum
 * quantity): even at the highest odds its payout stays within what one
 * account may hold (10^15 cents).
 */
export const MAX_ORDER_CENTS = 100_000_000_000;

/** "1.95" → 195; undefined for anything but a number with at most two decimals within the odds' range. */
export function parseOdds(text: string): OddsHundredths | undefined {
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const odds = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return odds >= MIN_ODDS && odds <= MAX_ODDS ? odds : undefined;
}

/** "1.95" for 195. */
export function formatOdds(odds: OddsHundredths): string {
  return `${Math.floor(odds / 100)}.${String(odds % 100).padStart(2, '0')}`;
}

/** The payout of a won order: floor(amount × odds) to the cent; BigInt keeps large amounts exact. */
export function payoutCents(amountCents: number, odds: OddsHundredths): number {
  return Number((BigInt(amountCents) * BigInt(odds)) / 100n);
}

/** Credit points an order earns when settled: one per whole unit ordered (PRODUCT §5). */
export const creditPointsOf = (order: { quantity: number }) => order.quantity;

/** Facts the app shows beside the dice: the sum and which basic options the throw won. */
export function describeThrow(dice: Dice) {
  return {
    sum: sumOf(dice),
    triple: isTriple(dice),
    big: optionRule('big').wins(dice),
    small: optionRule('small').wins(dice),
    odd: optionRule('odd').wins(dice),
    even: optionRule('even').wins(dice),
  };
}
