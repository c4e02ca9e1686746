import { formatMoney } from '@wallet/contract/core';

/** A chase orders the same selections in 2 to 50 consecutive periods (PRODUCT §6). */
export const CHASE_PERIODS = { min: 2, max: 50 } as const;

/** What the user chooses for a chase on the confirm sheet: off by default; on, 2 periods and stop on win to start with. */
export interface ChaseChoice {
  on: boolean;
  periods: number;
  stopOnWin: boolean;
}

export const NO_CHASE: ChaseChoice = { on: false, periods: CHASE_PERIODS.min, stopOnWin: true };

/** What the whole chase costs: every period the amount of one order of the slip, in whole cents as the server counts it. */
export function chaseTotal(amountPerPeriodCents: number, periods: number): { totalCents: number; total: string } {
  const totalCents = amountPerPeriodCents * periods;
  return { totalCents, total: formatMoney(totalCents) };
}

/**
 * The numbers of `count` consecutive periods from `startPeriodNo`
 * (`YYYYMMDD` + the period's place in the day): the place counts up to
 * `periodsPerDay`, then the next day starts at 1. The server's answer names
 * the periods it took; this is what the sheet shows before it is asked.
 */
export function chasePeriodNos(startPeriodNo: string, count: number, periodsPerDay: number): string[] {
  const width = startPeriodNo.length - 8;
  const day = new Date(Date.UTC(Number(startPeriodNo.slice(0, 4)), Number(startPeriodNo.slice(4, 6)) - 1, Number(startPeriodNo.slice(6, 8))));
  let place = Number(startPeriodNo.slice(8));
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    if (place > periodsPerDay) {
      day.setUTCDate(day.getUTCDate() + 1);
      place = 1;
    }
    numbers.push(`${day.toISOString().slice(0, 10).replaceAll('-', '')}${String(place).padStart(width, '0')}`);
    place += 1;
  }
  return numbers;
}
