import { LIMIT_KINDS, LIMIT_PERIODS, PERMANENT_EXCLUSION_UNTIL, type OPERATOR_CALLS } from '@wallet/contract/core';
import type { TFunction } from 'i18next';
import type { ResultOf } from '../../../api/call-types';
import { formatDateTime } from '../../../components/date-time';
import { formatAmount, withCurrency } from '../../../components/number-format';

export type PlayerProtection = ResultOf<typeof OPERATOR_CALLS.userDetail>['protection'];
export type ProtectionChange = ResultOf<typeof OPERATOR_CALLS.userDetail>['protectionChanges'][number];

/** What the words need: the console's texts and the operator's currency symbol. */
export interface ProtectionWords {
  t: TFunction;
  symbol: string | undefined;
}

/** One change of the trail as an operator reads it: what changed, and its value before and after. */
export interface ChangeText {
  what: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isMoney = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isTime = (value: unknown): value is number | null => value === null || typeof value === 'number';

const money = (amount: string, symbol: string | undefined) => withCurrency(formatAmount(amount), symbol);

/** A limit as shown: its amount with the currency, or "No limit". */
export function limitText(amount: string | null, { t, symbol }: ProtectionWords): string {
  return amount === null ? t('protection.noLimit') : money(amount, symbol);
}

/** What a window holds now; a loss window of a winning player holds less than nothing. */
export function usedText(amount: string, { t, symbol }: ProtectionWords): string {
  return t('protection.used', { amount: money(amount, symbol) });
}

export function realityCheckText(minutes: number, { t }: ProtectionWords): string {
  return minutes === 0 ? t('protection.off') : t('protection.every', { minutes });
}

/** A break's end as shown: none (never taken, or already over at `now`), permanent, or until when. */
export function breakText(until: number | null, now: number, { t }: ProtectionWords): string {
  if (until === null || until <= now) return t('protection.none');
  if (until === PERMANENT_EXCLUSION_UNTIL) return t('protection.permanent');
  return t('protection.until', { at: formatDateTime(until) });
}

function limitStateText(state: unknown, words: ProtectionWords): string | null {
  if (!isRecord(state) || !isMoney(state['amount'])) return null;
  const amount = limitText(state['amount'], words);
  const pending = state['pending'];
  if (pending === null || pending === undefined) return amount;
  if (!isRecord(pending) || !isMoney(pending['amount']) || typeof pending['effectiveAt'] !== 'number') return null;
  const next = pending['amount'] === null ? words.t('protection.removed') : money(pending['amount'], words.symbol);
  return words.t('protection.withPending', { amount, next, at: formatDateTime(pending['effectiveAt']) });
}

function realityCheckStateText(state: unknown, words: ProtectionWords): string | null {
  return isRecord(state) && typeof state['minutes'] === 'number' ? realityCheckText(state['minutes'], words) : null;
}

/** A break's end at the time of the change; after it, also how many waiting chases it cancelled and refunded. */
function breakStateText(state: unknown, changedAt: number, words: ProtectionWords): string | null {
  if (!isRecord(state) || !isTime(state['until'])) return null;
  const end = breakText(state['until'], changedAt, words);
  const cancelled = Array.isArray(state['chasesCancelled']) ? state['chasesCancelled'].length : 0;
  return cancelled > 0 ? words.t('protection.chasesCancelled', { end, count: cancelled }) : end;
}

const LIMIT_ACTION = new RegExp(`^limit\\.(${LIMIT_KINDS.join('|')})\\.(${LIMIT_PERIODS.join('|')})$`);

/** What the change was about, and how to read its before and after; null for an action this console does not know. */
function readerOf(change: ProtectionChange, words: ProtectionWords): { what: string; read: (state: unknown) => string | null } | null {
  const { t } = words;
  const limit = LIMIT_ACTION.exec(change.action);
  if (limit) {
    return {
      what: t('protection.limitOf', { kind: t(`protection.kinds.${limit[1]}`), period: t(`protection.periods.${limit[2]}`) }),
      read: (state) => limitStateText(state, words),
    };
  }
  if (change.action === 'realityCheck') return { what: t('protection.realityCheck'), read: (state) => realityCheckStateText(state, words) };
  if (change.action === 'timeout' || change.action === 'selfExclusion') {
    return { what: t(`protection.${change.action}`), read: (state) => breakStateText(state, change.createdAt, words) };
  }
  return null;
}

const raw = (value: unknown) => (value === undefined ? '–' : JSON.stringify(value));

/** A change of the user's protection in words; one the console cannot read still shows, as the server wrote it. */
export function describeProtectionChange(change: ProtectionChange, words: ProtectionWords): ChangeText {
  const reader = readerOf(change, words);
  if (reader) {
    const [before, after] = [reader.read(change.before), reader.read(change.after)];
    if (before !== null && after !== null) return { what: reader.what, before, after };
  }
  return { what: reader?.what ?? change.action, before: raw(change.before), after: raw(change.after) };
}
