import { adjustUser, approveAdjustment, listRecharges, pendingAdjustments, rejectAdjustment, userStatementOf, listWithdrawals, reviewRecharge, reviewWithdrawal, verifyLedger } from '@wallet/contract';
import type { OpenDatabase } from '../../db/database.js';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import { verifyLedger as runLedgerVerify } from '../../ledger/verify.js';
import type { AdjustmentService } from './operator-adjustments.js';
import type { AssetsService } from './assets.js';
import type { ReviewService } from './operator-reviews.js';

export interface OperatorMoneyServices {
  database: OpenDatabase;
  assets: AssetsService;
  reviews: ReviewService;
  adjustments: AdjustmentService;
}

export function operatorMoneyRoutes(call: RegisterOperatorCall, { database, assets, reviews, adjustments }: OperatorMoneyServices): void {
  call(listRecharges, (input, context) => reviews.recharges(input, context.now));
  call(reviewRecharge, (input, context) => reviews.reviewRecharge(operatorOf(context).id, input, context.now));
  call(listWithdrawals, (input) => reviews.withdrawals(input));
  call(reviewWithdrawal, (input, context) => reviews.reviewWithdrawal(operatorOf(context).id, input, context.now));
  call(adjustUser, (input, context) => adjustments.adjust(operatorOf(context).id, input, context.now));
  call(pendingAdjustments, (input) => adjustments.pending(input));
  call(approveAdjustment, (input, context) => adjustments.approve(operatorOf(context).id, input.id, context.now));
  call(rejectAdjustment, (input, context) => adjustments.reject(operatorOf(context).id, input.id, input.remark, context.now));
  call(userStatementOf, (input) => assets.statementOf(input.userId, input));
  call(verifyLedger, () => runLedgerVerify(database));
}
