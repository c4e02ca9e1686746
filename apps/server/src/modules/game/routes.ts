import { cancelChase, chaseList, gameHistory, gamePeriod, gameProjects, gameTrend, orderList, orderProof, placeOrder, startChase } from '@wallet/contract';
import { sessionOf } from '../../http/calls.js';
import type { ChaseService } from './chases.js';
import type { OrderService } from './order-service.js';
import type { RegisterCall } from '../../http/calls.js';
import type { PeriodReads } from './period-reads.js';
import type { OrderProofs } from './order-proof.js';

export function gameRoutes(call: RegisterCall, reads: PeriodReads, orders: OrderService, proofs: OrderProofs, chases: ChaseService): void {
  call(gameProjects, (_input, context) => reads.projects(context.now, context.lang));
  call(gamePeriod, (input, context) => reads.period(input.projectId, context.now));
  call(gameHistory, (input, context) => reads.history(input.projectId, input, context.now));
  call(gameTrend, (input, context) => reads.trend(input.projectId, context.now));
  call(placeOrder, (input, context) => orders.place(sessionOf(context).userId, input, context.now, context.lang));
  call(orderList, (input, context) => orders.list(sessionOf(context).userId, input, context.lang));
  call(orderProof, (input, context) => proofs.prove(sessionOf(context).userId, input.orderNo, context.now));
  call(startChase, (input, context) => chases.start(sessionOf(context).userId, input, context.now));
  call(cancelChase, (input, context) => chases.cancel(sessionOf(context).userId, input, context.now));
  call(chaseList, (input, context) => chases.list(sessionOf(context).userId, input, context.lang));
}
