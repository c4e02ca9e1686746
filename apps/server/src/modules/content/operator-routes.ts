import { deleteContent, listContent, saveContent } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { OperatorContent } from './operator-content.js';

export function contentOperatorRoutes(call: RegisterOperatorCall, admin: OperatorContent): void {
  call(saveContent, (input, context) => admin.save(operatorOf(context).id, input, context.now));
  call(listContent, (input) => admin.list(input));
  call(deleteContent, (input, context) => admin.remove(operatorOf(context).id, input, context.now));
}
