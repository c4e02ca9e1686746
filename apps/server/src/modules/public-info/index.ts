import type { BeaconChain } from '@wallet/contract/game';
import type { BeaconConfig } from '../../config.js';
import type { ModuleManifest } from '../manifest.js';
import type { SettingsService } from '../settings/index.js';
import { publicInfoRoutes } from './routes.js';
import { createPublicInfoService } from './service.js';

/** What the app asks before anyone signs in: the default language, customer service, the download and the version. */
export function publicInfoModule({ settings, beacon, beaconChain }: { settings: SettingsService; beacon: BeaconConfig | undefined; beaconChain: () => BeaconChain | null }): ModuleManifest<{ serverInfo: () => Promise<object> }> {
  const info = createPublicInfoService(settings, beacon, beaconChain);
  // The app's page carries getlang's answer too (http/static-app.ts), so a first visit need not ask before it shows.
  return { services: { serverInfo: () => info.defaultLanguage() }, routes: (call) => publicInfoRoutes(call, info) };
}
