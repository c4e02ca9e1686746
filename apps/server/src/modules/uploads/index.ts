import path from 'node:path';
import type { ModuleManifest, Platform } from '../manifest.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { operatorUploadRoutes } from './operator-routes.js';
import { serveUploads, uploadRoutes } from './routes.js';
import { createUploadService } from './service.js';
import { createLocalDiskStorage } from './storage.js';

export { isOwnUpload } from './own-upload.js';

export function uploadsModule({ db, config }: Platform, { limiter }: { limiter: RateLimiter }): ModuleManifest {
  const storage = createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const uploads = createUploadService(db, storage, limiter);
  return {
    services: {},
    routes(call, site) {
      uploadRoutes(call, uploads);
      serveUploads(site, storage);
    },
    operatorRoutes: (call) => operatorUploadRoutes(call, uploads),
  };
}
