import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { detectImageType } from './image-type.js';
import type { Storage } from './storage.js';

export const UPLOADS_PATH = '/uploads/';
const UPLOADS_PER_HOUR = 30;

export function createUploadService(db: Kysely<Database>, storage: Storage, limiter: RateLimiter) {
  return {
    /** Keeps an image (checked by its bytes) and remembers who uploaded it. */
    async saveImage(userId: string, file: UploadedFile | null, now: number): Promise<{ url: string }> {
      if (!file || file.bytes.length === 0) throw AppError.field('file', 'REQUIRED');
      const type = detectImageType(file.bytes);
      if (!type) throw AppError.field('file', 'IMAGE_TYPE');
      await limiter.enforce({ key: `upload-user:${userId}`, max: UPLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 }, now);
      const id = randomUUID();
      const name = `${id}.${type.extension}`;
      await storage.put(name, file.bytes);
      const url = `${UPLOADS_PATH}${name}`;
      await db
        .insertInto('uploads')
        .values({ id, user_id: userId, url, content_type: type.contentType, size: file.bytes.length, created_at: now })
        .execute();
      return { url };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
