import type { BeaconChain } from '@wallet/contract/game';
import type { BeaconConfig } from '../../config.js';
import type { SettingsService } from '../settings/index.js';

export function createPublicInfoService(settings: SettingsService, beacon: BeaconConfig | undefined, beaconChain: () => BeaconChain | null) {
  return {
    async defaultLanguage() {
      const [lang, displayName, currency] = await Promise.all([settings.get('defaultLang'), settings.get('displayName'), settings.get('currency')]);
      const chain = beacon ? beaconChain() : null;
      const fairnessBeacon = beacon ? { url: beacon.url, publicKey: beacon.publicKey, genesisTime: chain?.genesisTime ?? null, period: chain?.period ?? null } : null;
      return { lang, displayName, currency, fairnessBeacon };
    },

    async customerService() {
      return { contacts: await settings.get('kefu') };
    },

    async download() {
      const { version, versionCode, androidUrl, iosUrl, notes } = await settings.get('release');
      return { version, versionCode, androidUrl, iosUrl, notes };
    },

    /** Newer code → update available; forced when the operator says so or the caller is below the minimum. */
    async checkVersion(client: { version: string; versionCode: number }) {
      const release = await settings.get('release');
      const updateAvailable = release.versionCode > client.versionCode;
      return {
        updateAvailable,
        force: updateAvailable && (release.force || client.versionCode < release.minVersionCode),
        latest: {
          version: release.version,
          versionCode: release.versionCode,
          notes: release.notes,
          url: release.updateUrl,
        },
      };
    },
  };
}

export type PublicInfoService = ReturnType<typeof createPublicInfoService>;
