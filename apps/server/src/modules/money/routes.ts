import {
  attachRechargeVoucher,
  createRecharge,
  createWithdrawal,
  rechargeChannels,
  rechargeDetail,
  rechargeList,
  userAssets,
  userStatement,
  withdrawalDetail,
  withdrawalList,
  withdrawInfo,
} from '@wallet/contract';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import type { AssetsService } from './assets.js';
import type { RechargeService } from './recharges.js';
import type { WithdrawalService } from './withdrawals.js';

export interface MoneyServices {
  assets: AssetsService;
  recharges: RechargeService;
  withdrawals: WithdrawalService;
}

export function moneyRoutes(call: RegisterCall, { assets, recharges, withdrawals }: MoneyServices): void {
  const userOf = (context: Parameters<typeof sessionOf>[0]) => sessionOf(context).userId;
  call(userAssets, (_input, context) => assets.assets(userOf(context)));
  call(userStatement, (input, context) => assets.statement(userOf(context), input));
  call(rechargeChannels, () => recharges.channels());
  call(createRecharge, (input, context) => recharges.create(userOf(context), input, context.now));
  call(attachRechargeVoucher, (input, context) => recharges.attachVoucher(userOf(context), input, context.now));
  call(rechargeList, (input, context) => recharges.list(userOf(context), input, context.now));
  call(rechargeDetail, (input, context) => recharges.detail(userOf(context), input.orderNo, context.now));
  call(withdrawInfo, (_input, context) => withdrawals.info(userOf(context)));
  call(createWithdrawal, (input, context) => withdrawals.create(userOf(context), input, context.now));
  call(withdrawalList, (input, context) => withdrawals.list(userOf(context), input));
  call(withdrawalDetail, (input, context) => withdrawals.detail(userOf(context), input.orderNo));
}
