import type { FastifyInstance } from 'fastify';
import { operatorUploadImage, uploadImage } from '@wallet/contract';
import { AppError } from '../../http/app-error.js';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import { operatorOf, type RegisterOperatorCall } from '../../http/operator-calls.js';
import { contentTypeOfName } from './image-type.js';
import { UPLOADS_PATH, type UploadService } from './service.js';
import type { Storage } from './storage.js';

export function uploadRoutes(call: RegisterCall, uploads: UploadService): void {
  call(uploadImage, (_input, context) => uploads.saveImage(sessionOf(context).userId, context.file, context.now));
}

/** Operators' pictures (covers, images in content) are filed under the operator's id, which no user id ever equals. */
export function operatorUploadRoutes(call: RegisterOperatorCall, uploads: UploadService): void {
  call(operatorUploadImage, (_input, context) => uploads.saveImage(operatorOf(context).id, context.file, context.now));
}

/** Serves stored images; `nosniff` and the strict CSP keep a file from ever running as a page. */
export function serveUploads(app: FastifyInstance, storage: Storage): void {
  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}:name`, async (request, reply) => {
    const bytes = await storage.get(request.params.name);
    if (!bytes) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', contentTypeOfName(request.params.name))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
