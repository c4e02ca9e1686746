import { adjustUser, listRecharges, listWithdrawals, readSettings, reviewRecharge, reviewWithdrawal, saveSettings, verifyLedger } from '@wallet/contract';
import type { OpenDatabase } from '../../db/database.js';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import { verifyLedger as runLedgerVerify } from '../../ledger/verify.js';
import type { OperatorSettings } from '../settings/operator-settings.js';
import type { AdjustmentService } from './adjustments.js';
import type { ReviewService } from './reviews.js';

export interface OperatorMoneyServices {
  database: OpenDatabase;
  reviews: ReviewService;
  adjustments: AdjustmentService;
  settings: OperatorSettings;
}

export function operatorMoneyRoutes(call: RegisterOperatorCall, { database, reviews, adjustments, settings }: OperatorMoneyServices): void {
  call(listRecharges, (input, context) => reviews.recharges(input, context.now));
  call(reviewRecharge, (input, context) => reviews.reviewRecharge(operatorOf(context).id, input, context.now));
  call(listWithdrawals, (input) => reviews.withdrawals(input));
  call(reviewWithdrawal, (input, context) => reviews.reviewWithdrawal(operatorOf(context).id, input, context.now));
  call(adjustUser, (input, context) => adjustments.adjust(operatorOf(context).id, input, context.now));
  call(readSettings, () => settings.all());
  call(saveSettings, (input, context) => settings.save(operatorOf(context).id, input, context.now));
  call(verifyLedger, () => runLedgerVerify(database));
}
