import type { TFunction } from 'i18next';
import { ageParts, type AgeParts } from './age';

/** "5 min", "2 h 5 min", "3 d 4 h": an age in the console's words. */
export function ageText({ days, hours, minutes }: AgeParts, t: TFunction): string {
  return days > 0 ? t('age.days', { days, hours }) : hours > 0 ? t('age.hours', { hours, minutes }) : t('age.minutes', { minutes });
}

/** A span of seconds: "45 s" under a minute, then as an age. */
export function durationText(seconds: number, t: TFunction): string {
  if (seconds < 60) return t('age.seconds', { seconds: Math.floor(seconds) });
  return ageText(ageParts(0, seconds * 1000), t);
}
