import type { FastifyInstance } from 'fastify';
import { uploadImage } from '@wallet/contract';
import { AppError } from '../../errors.js';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import { contentTypeOfName } from './image-type.js';
import { UPLOADS_PATH, type UploadService } from './service.js';
import type { Storage } from './storage.js';

export function uploadRoutes(call: RegisterCall, uploads: UploadService): void {
  call(uploadImage, (_input, context) => uploads.saveImage(sessionOf(context).userId, context.file, context.now));
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
