import { gameHistory, gamePeriod, gameProjects, gameTrend } from '@wallet/contract';
import type { RegisterCall } from '../../http/calls.js';
import type { PeriodReads } from './period-reads.js';

export function gameRoutes(call: RegisterCall, reads: PeriodReads): void {
  call(gameProjects, (_input, context) => reads.projects(context.now));
  call(gamePeriod, (input, context) => reads.period(input.projectId, context.now));
  call(gameHistory, (input, context) => reads.history(input.projectId, input, context.now));
  call(gameTrend, (input, context) => reads.trend(input.projectId, context.now));
}
