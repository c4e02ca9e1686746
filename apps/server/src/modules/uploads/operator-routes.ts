import { operatorUploadImage } from '@wallet/contract';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import type { UploadService } from './service.js';

/**
 * Operators' pictures (covers, images in content) are public and filed under
 * the operator's id, which no user id ever equals.
 */
export function operatorUploadRoutes(call: RegisterOperatorCall, uploads: UploadService): void {
  call(operatorUploadImage, (_input, context) => uploads.saveImage(operatorOf(context).id, 'public', context.file, context.now));
}
