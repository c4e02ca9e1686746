import { adjustUser, approveAdjustment, listRecharges, pendingAdjustments, rejectAdjustment, userStatementOf, listWithdrawals, readSettings, reviewRecharge, reviewWithdrawal, saveSettings, verifyLedger } from '@wallet/contract';
import type { OpenDatabase } from '../../db/database.js';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import { verifyLedger as runLedgerVerify } from '../../ledger/verify.js';
import type { OperatorSettings } from '../settings/operator-settings.js';
import type { AdjustmentService } from './adjustments.js';
import type { AssetsService } from './assets.js';
import type { ReviewService } from './reviews.js';

export interface OperatorMoneyServices {
  database: OpenDatabase;
  assets: AssetsService;
  reviews: ReviewService;
  adjustments: AdjustmentService;
  settings: OperatorSettings;
}

export function operatorMoneyRoutes(call: RegisterOperatorCall, { database, assets, reviews, adjustments, settings }: OperatorMoneyServices): void {
  call(listRecharges, (input, context) => reviews.recharges(input, context.now));
  call(reviewRecharge, (input, context) => reviews.reviewRecharge(operatorOf(context).id, input, context.now));
  call(listWithdrawals, (input) => reviews.withdrawals(input));
  call(reviewWithdrawal, (input, context) => reviews.reviewWithdrawal(operatorOf(context).id, input, context.now));
  call(adjustUser, (input, context) => adjustments.adjust(operatorOf(context).id, input, context.now));
  call(pendingAdjustments, (input) => adjustments.pending(input));
  call(approveAdjustment, (input, context) => adjustments.approve(operatorOf(context).id, input.id, context.now));
  call(rejectAdjustment, (input, context) => adjustments.reject(operatorOf(context).id, input.id, input.remark, context.now));
  call(userStatementOf, (input) => assets.statementOf(input.userId, input));
  call(readSettings, () => settings.all());
  call(saveSettings, (input, context) => settings.save(operatorOf(context).id, input, context.now));
  call(verifyLedger, () => runLedgerVerify(database));
}
