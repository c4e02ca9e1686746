import { dashboard } from '@wallet/contract';
import type { RegisterOperatorCall } from '../../http/operator-calls.js';
import type { Dashboard } from './operator-dashboard.js';

export function dashboardRoutes(call: RegisterOperatorCall, figures: Dashboard): void {
  call(dashboard, (input, context) => figures.figures(input, context.now));
}
