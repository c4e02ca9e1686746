import { fairnessState, listChases, listOrders, listPeriods, listProjects, periodExposure, saveProject } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { FairnessReads } from './fairness-reads.js';
import type { GameOperatorReads } from './operator-game-reads.js';
import type { OperatorProjects } from './operator-projects.js';

export function gameOperatorRoutes(call: RegisterOperatorCall, admin: OperatorProjects, reads: GameOperatorReads, fairness: FairnessReads): void {
  call(listProjects, (_input, context) => admin.list(context.now));
  call(saveProject, (input, context) => admin.save(operatorOf(context).id, input, context.now));
  call(listPeriods, (input, context) => reads.periods(input, context.now));
  call(periodExposure, (input, context) => reads.exposure(input, context.now));
  call(listOrders, (input) => reads.orders(input));
  call(listChases, (input) => reads.chases(input));
  call(fairnessState, (input, context) => fairness.state(input, context.now));
}
