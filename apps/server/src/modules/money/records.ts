import { formatMoney, type RechargeChannel } from '@wallet/contract';
import type { RechargesTable, WithdrawalsTable } from '../../db/schema.js';
import type { UploadLinks } from '../uploads/index.js';

/** How recharges and withdrawals look on the wire; operators also see who and, for withdrawals, the full card. */

export function rechargeView(row: RechargesTable) {
  return {
    orderNo: row.order_no,
    amount: formatMoney(Number(row.amount)),
    payAmount: formatMoney(Number(row.pay_amount)),
    status: row.status,
    remark: row.remark,
    channel: {
      id: row.channel_id,
      name: row.channel_name,
      kind: row.channel_kind as RechargeChannel['kind'],
      details: JSON.parse(row.channel_details) as RechargeChannel['details'],
    },
    randomDecimal: row.random_decimal === 1,
    voucher: row.voucher,
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}

/** The voucher is stored as its upload's path and handed out as a link signed for whoever asked: the owner or a reviewing operator. */
export function withVoucherLink<R extends { voucher: string | null }>(record: R, links: UploadLinks, now: number): R {
  return { ...record, voucher: links.sign(record.voucher, now) };
}

export function withdrawalView(row: WithdrawalsTable) {
  const amount = Number(row.amount);
  const fee = Number(row.fee);
  return {
    orderNo: row.order_no,
    amount: formatMoney(amount),
    fee: formatMoney(fee),
    arrival: formatMoney(amount - fee),
    status: row.status,
    remark: row.remark,
    name: row.name,
    bankName: row.bank_name,
    cardNoMasked: row.card_no_masked,
    address: row.address,
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}
