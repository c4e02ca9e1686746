import path from 'node:path';
import type { ModuleManifest, Platform } from '../manifest.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { createDatabaseStorage } from './database-storage.js';
import { moveDiskUploadsIntoStorage } from './disk-uploads.js';
import { createObjectStoreStorage } from './object-store-storage.js';
import { operatorUploadRoutes } from './operator-routes.js';
import { serveUploads, uploadRoutes } from './routes.js';
import { UPLOADS_PATH, createUploadService } from './service.js';
import { createUploadLinks, type UploadLinks } from './signed-links.js';

export { isOwnUpload } from './own-upload.js';
export type { UploadLinks } from './signed-links.js';

export function uploadsModule({ db, config, log, now }: Platform, { limiter }: { limiter: RateLimiter }): ModuleManifest<{ links: UploadLinks }> {
  const storage = config.objectStore ? createObjectStoreStorage(config.objectStore) : createDatabaseStorage(db);
  const links = createUploadLinks(config.uploadSigningSecret);
  const diskMoved = moveDiskUploadsIntoStorage(path.join(config.dataDir, 'uploads'), db, storage, UPLOADS_PATH).then(
    (moved) => moved > 0 && log.info({ moved }, 'uploads moved from the disk into the shared storage'),
    (error: unknown) => log.error({ err: error }, 'moving uploads from the disk failed; they stay there until the next start'),
  );
  const uploads = createUploadService({ db, storage, limiter, links, diskMoved });
  return {
    services: { links },
    routes(call, site) {
      uploadRoutes(call, uploads);
      serveUploads(site, uploads, now);
    },
    operatorRoutes: (call) => operatorUploadRoutes(call, uploads),
    close: () => diskMoved.then(() => undefined),
  };
}
