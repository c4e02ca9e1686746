import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { detectImageType } from './image-type.js';
import type { UploadLinks } from './signed-links.js';
import { SAFE_NAME, type Storage } from './storage.js';

export const UPLOADS_PATH = '/uploads/';
const UPLOADS_PER_HOUR = 30;

export type Visibility = 'private' | 'public';

export interface UploadServiceDependencies {
  db: Kysely<Database>;
  storage: Storage;
  limiter: RateLimiter;
  links: UploadLinks;
  /** Settles once the files an earlier version left on the disk are in the storage. */
  diskMoved: Promise<unknown>;
}

export interface ServedImage {
  bytes: Buffer;
  contentType: string;
  visibility: Visibility;
}

export function createUploadService({ db, storage, limiter, links, diskMoved }: UploadServiceDependencies) {
  return {
    /**
     * Keeps an image (checked by its bytes) and remembers who uploaded it. A
     * private one is answered with a signed link, so its owner can show it at
     * once; a public one with its plain path, fit for content.
     */
    async saveImage(ownerId: string, visibility: Visibility, file: UploadedFile | null, now: number): Promise<{ url: string }> {
      if (!file || file.bytes.length === 0) throw AppError.field('file', 'REQUIRED');
      const type = detectImageType(file.bytes);
      // Only `mess` reaches the user of a file picker: it names the types accepted, in their language.
      if (!type) throw new AppError('VALIDATION', { fields: [{ field: 'file', key: 'IMAGE_TYPE', params: {} }], fieldIsMess: true });
      await limiter.enforce({ key: `upload-user:${ownerId}`, max: UPLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 }, now);
      const id = randomUUID();
      const name = `${id}.${type.extension}`;
      await storage.put(name, file.bytes);
      const url = `${UPLOADS_PATH}${name}`;
      await db
        .insertInto('uploads')
        .values({ id, user_id: ownerId, url, content_type: type.contentType, size: file.bytes.length, created_at: now, visibility })
        .execute();
      return { url: visibility === 'private' ? links.sign(url, now) : url };
    },

    /** A public image, or a private one through a link signed for it and not expired; null for anything else, alike. */
    async read(name: string, link: { exp?: unknown; sig?: unknown }, now: number): Promise<ServedImage | null> {
      if (!SAFE_NAME.test(name)) return null;
      await diskMoved;
      const path = `${UPLOADS_PATH}${name}`;
      const upload = await db.selectFrom('uploads').select(['content_type', 'visibility']).where('url', '=', path).executeTakeFirst();
      if (!upload) return null;
      if (upload.visibility === 'private' && !links.verify(path, link.exp, link.sig, now)) return null;
      const bytes = await storage.get(name);
      return bytes && { bytes, contentType: upload.content_type, visibility: upload.visibility };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
