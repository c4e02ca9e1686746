import { formatMoney, type RechargeChannel } from '@wallet/contract';

/** A recharge channel as the app and the console show it: amounts as decimal strings. */
export const channelView = (channel: RechargeChannel) => ({
  id: channel.id,
  name: channel.name,
  kind: channel.kind,
  details: channel.details,
  minAmount: formatMoney(channel.minCents),
  maxAmount: formatMoney(channel.maxCents),
  randomDecimal: channel.randomDecimal,
});
