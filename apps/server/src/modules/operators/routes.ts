import { listOperators, operatorMe, saveOperator, totpEnable, totpReset, totpSetup } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { TeamService } from './team.js';

export function operatorTeamRoutes(call: RegisterOperatorCall, team: TeamService): void {
  call(operatorMe, (_input, context) => team.me(operatorOf(context).id));
  call(listOperators, (input) => team.list(input));
  call(saveOperator, (input, context) => team.save(operatorOf(context).id, input, context.now));
  call(totpSetup, (_input, context) => team.totpSetup(operatorOf(context).id));
  call(totpEnable, (input, context) => team.totpEnable(operatorOf(context), input.code, context.now));
  call(totpReset, (input, context) => team.totpReset(operatorOf(context).id, input.operatorId, context.now));
}
