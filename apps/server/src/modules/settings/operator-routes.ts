import { approveThresholdRaise, pendingThresholdRaises, readSettings, rejectThresholdRaise, saveSettings } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorSettings } from './operator-settings.js';

export function settingsOperatorRoutes(call: RegisterOperatorCall, settings: OperatorSettings): void {
  call(readSettings, () => settings.all());
  call(saveSettings, (input, context) => settings.save(operatorOf(context).id, input, context.now));
  call(pendingThresholdRaises, (input) => settings.thresholdRaises.pending(input));
  call(approveThresholdRaise, (input, context) => settings.thresholdRaises.approve(operatorOf(context).id, input.id, context.now));
  call(rejectThresholdRaise, (input, context) => settings.thresholdRaises.reject(operatorOf(context).id, input.id, input.remark, context.now));
}
