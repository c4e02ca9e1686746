/** A period as the game page knows it: the one running, and the next one once the server has made it. */
interface PeriodTimesNo {
  periodNo: string;
  locksAt: number;
}

interface PeriodWithNext extends PeriodTimesNo {
  next: PeriodTimesNo | null;
}

/** The period an order goes into now, by the server's clock, and until when it takes orders. */
export interface OrderTarget {
  periodNo: string;
  locksAt: number;
  /** Not the period the page shows: the one after it, because that one is locked. */
  isNext: boolean;
}

/**
 * The period running takes orders until its lock (also before it opens);
 * from its lock on, orders go into the next period, which the server takes
 * until that one locks. None when neither takes orders (the next period is
 * not known yet).
 */
export function orderTarget(period: PeriodWithNext, serverNow: number): OrderTarget | undefined {
  if (serverNow < period.locksAt) return { periodNo: period.periodNo, locksAt: period.locksAt, isNext: false };
  if (period.next && serverNow < period.next.locksAt) return { periodNo: period.next.periodNo, locksAt: period.next.locksAt, isNext: true };
  return undefined;
}
