const MINUTE_MS = 60_000;

export interface AgeParts {
  days: number;
  hours: number;
  minutes: number;
}

/** How long something has waited, in whole minutes (never negative: clocks differ a little). */
export function ageParts(since: number, now: number): AgeParts {
  const minutes = Math.max(0, Math.floor((now - since) / MINUTE_MS));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}
