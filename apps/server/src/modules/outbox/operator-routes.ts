import { listOutbox } from '@wallet/contract';
import type { RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorOutbox } from './operator-outbox.js';

export function outboxOperatorRoutes(call: RegisterOperatorCall, outbox: OperatorOutbox): void {
  call(listOutbox, (input) => outbox.list(input));
}
