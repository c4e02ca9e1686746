import { formatMoney, type InboxKey, type Language, type MessageKind } from '@wallet/contract';
import type { Messages } from '../../http/messages.js';
import type { MessageDraft } from './message-drafts.js';

type Params<K extends MessageKind> = Extract<MessageDraft, { kind: K }>['params'];

const signed = (text: string) => (text.startsWith('-') ? text : `+${text}`);

interface Wording {
  title: InboxKey;
  body: InboxKey;
  values: Record<string, string | number>;
  /** An operator's own words (a refusal's remark, an adjustment's reason), shown under the body as written. */
  note?: string;
}

const CHASE_TEXTS = {
  completed: ['CHASE_COMPLETED_TITLE', 'CHASE_COMPLETED_BODY'],
  stopped: ['CHASE_STOPPED_TITLE', 'CHASE_STOPPED_BODY'],
  cancelled: ['CHASE_CANCELLED_TITLE', 'CHASE_CANCELLED_BODY'],
} as const;

const WORDINGS: { [K in MessageKind]: (params: Params<K>) => Wording } = {
  order_result: (p) => ({
    title: 'ORDER_RESULT_TITLE',
    body: 'ORDER_RESULT_BODY',
    values: { project: p.project, periodNo: p.periodNo, dice: p.dice, amount: formatMoney(p.amount), payout: formatMoney(p.payout), net: signed(formatMoney(p.payout - p.amount)) },
  }),
  period_void: (p) => ({ title: 'PERIOD_VOID_TITLE', body: 'PERIOD_VOID_BODY', values: { project: p.project, periodNo: p.periodNo, amount: formatMoney(p.amount) } }),
  recharge_approved: (p) => ({ title: 'RECHARGE_APPROVED_TITLE', body: 'RECHARGE_APPROVED_BODY', values: { orderNo: p.orderNo, amount: formatMoney(p.amount) } }),
  recharge_refused: (p) => ({ title: 'RECHARGE_REFUSED_TITLE', body: 'RECHARGE_REFUSED_BODY', values: { orderNo: p.orderNo, amount: formatMoney(p.amount) }, note: p.note }),
  withdrawal_completed: (p) => ({
    title: 'WITHDRAWAL_COMPLETED_TITLE',
    body: 'WITHDRAWAL_COMPLETED_BODY',
    values: { orderNo: p.orderNo, amount: formatMoney(p.amount), fee: formatMoney(p.fee) },
  }),
  withdrawal_refused: (p) => ({ title: 'WITHDRAWAL_REFUSED_TITLE', body: 'WITHDRAWAL_REFUSED_BODY', values: { orderNo: p.orderNo, amount: formatMoney(p.amount) }, note: p.note }),
  adjustment: (p) => ({
    title: 'ADJUSTMENT_TITLE',
    body: p.account === 'coin' ? 'ADJUSTMENT_POINTS_BODY' : 'ADJUSTMENT_BALANCE_BODY',
    values: { amount: p.account === 'coin' ? signed(String(p.amount)) : signed(formatMoney(p.amount)) },
    note: p.note,
  }),
  chase_finished: (p) => ({
    title: CHASE_TEXTS[p.outcome][0],
    body: CHASE_TEXTS[p.outcome][1],
    values: { project: p.project, periods: p.periods, payout: formatMoney(p.payout), returned: formatMoney(p.returned) },
  }),
  feedback_reply: (p) => ({ title: 'FEEDBACK_REPLY_TITLE', body: 'FEEDBACK_REPLY_BODY', values: { reply: p.reply } }),
};

/** A project named in the message goes by its name in the reader's language where it has one. */
function inLanguage(params: unknown, lang: Language): unknown {
  const named = params as { project?: string; projectNames?: Partial<Record<Language, string>> };
  const name = named.projectNames?.[lang];
  return name ? { ...named, project: name } : params;
}

/** A kept message in the reader's language, as its kind words it now. */
export function renderMessage(messages: Messages, lang: Language, kind: MessageKind, params: unknown): { title: string; body: string } {
  const wording = (WORDINGS[kind] as (params: unknown) => Wording)(inLanguage(params, lang));
  const body = messages.inbox(lang, wording.body, wording.values);
  const note = wording.note?.trim() ? `\n${messages.inbox(lang, 'NOTE', { note: wording.note.trim() })}` : '';
  return { title: messages.inbox(lang, wording.title, wording.values), body: body + note };
}
