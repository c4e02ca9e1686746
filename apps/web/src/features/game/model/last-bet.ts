import { clampQuantity, type QuantityRange, type Slip } from './bet-slip';

/** The selections of the last order (or chase) the user confirmed on a project: options and the one quantity. */
export interface LastBet {
  options: string[];
  quantity: number;
}

/** Reads what was stored; anything unreadable or of another shape is no last bet. */
export function parseLastBet(text: string | null): LastBet | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { options, quantity } = value as Record<string, unknown>;
    if (!Array.isArray(options) || !options.every((option) => typeof option === 'string') || typeof quantity !== 'number') return undefined;
    return { options: options as string[], quantity };
  } catch {
    return undefined;
  }
}

export const lastBetOf = (slip: Slip): LastBet => ({ options: [...slip.options], quantity: slip.quantity });

/**
 * The slip again with the last bet's options and quantity, for the user to
 * confirm: options the project no longer has are left out, and the quantity
 * is brought within the project's range as it is now. Nothing left: undefined.
 */
export function repeatLastBet(last: LastBet | undefined, available: readonly string[], range: QuantityRange): Slip | undefined {
  const options = last?.options.filter((option) => available.includes(option)) ?? [];
  if (!last || options.length === 0) return undefined;
  return { options, quantity: clampQuantity(last.quantity, range) };
}
