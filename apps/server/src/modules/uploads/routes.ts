import type { FastifyInstance } from 'fastify';
import { uploadImage } from '@wallet/contract';
import { AppError } from '../../errors.js';
import { sessionOf, type RegisterCall } from '../../http/calls.js';
import { UPLOADS_PATH, type UploadService } from './service.js';

/** What users upload (vouchers, feedback pictures, avatars) is private: only its owner and the operators reviewing it get links. */
export function uploadRoutes(call: RegisterCall, uploads: UploadService): void {
  call(uploadImage, (_input, context) => uploads.saveImage(sessionOf(context).userId, 'private', context.file, context.now));
}

/**
 * Serves stored images; `nosniff` and the strict CSP keep a file from ever
 * running as a page. A private image without a valid link gets the same 404
 * as a file that does not exist.
 */
export function serveUploads(app: FastifyInstance, uploads: UploadService, now: () => number): void {
  app.get<{ Params: { name: string }; Querystring: { exp?: unknown; sig?: unknown } }>(`${UPLOADS_PATH}:name`, async (request, reply) => {
    // Every answer but a public image's: nothing behind a signed link may outlive it in a cache.
    reply.header('cache-control', 'private, no-store');
    const image = await uploads.read(request.params.name, request.query, now());
    if (!image) throw new AppError('NOT_FOUND');
    if (image.visibility === 'public') reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.header('content-type', image.contentType).send(image.bytes);
  });
}
