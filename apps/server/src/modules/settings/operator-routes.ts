import { readSettings, saveSettings } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorSettings } from './operator-settings.js';

export function settingsOperatorRoutes(call: RegisterOperatorCall, settings: OperatorSettings): void {
  call(readSettings, () => settings.all());
  call(saveSettings, (input, context) => settings.save(operatorOf(context).id, input, context.now));
}
