import { changeOperatorPassword, listAudit, listOperators, operatorLogin, operatorLogout, operatorMe, saveOperator, totpEnable, totpReset, totpSetup } from '@wallet/contract';
import type { AuditPage, AuditQuery } from '../../audit/read-audit.js';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorSessionService } from './operator-session.js';
import type { TeamService } from './operator-team.js';

export interface OperatorsRouteServices {
  session: OperatorSessionService;
  team: TeamService;
  readAudit: (input: AuditQuery) => Promise<AuditPage>;
}

export function operatorsRoutes(call: RegisterOperatorCall, { session, team, readAudit }: OperatorsRouteServices): void {
  call(operatorLogin, (input, { ip, now }) => session.login(input, ip, now), { withoutSession: true });
  call(operatorLogout, (_input, context) => session.logout(operatorOf(context).token));
  call(changeOperatorPassword, (input, context) => session.changePassword(operatorOf(context), input, context.ip, context.now));
  call(listAudit, (input) => readAudit(input));
  call(operatorMe, (_input, context) => team.me(operatorOf(context).id));
  call(listOperators, (input) => team.list(input));
  call(saveOperator, (input, context) => team.save(operatorOf(context).id, input, context.now));
  call(totpSetup, (_input, context) => team.totpSetup(operatorOf(context).id));
  call(totpEnable, (input, context) => team.totpEnable(operatorOf(context), input.code, context.now));
  call(totpReset, (input, context) => team.totpReset(operatorOf(context).id, input.operatorId, context.now));
}
