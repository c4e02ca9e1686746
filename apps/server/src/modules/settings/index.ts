import { openChangeFeed } from '../../db/change-feed.js';
import type { ModuleManifest, Platform } from '../manifest.js';
import { defaultSettings } from './defaults.js';
import { settingsOperatorRoutes } from './operator-routes.js';
import { createOperatorSettings } from './operator-settings.js';
import { createSettingsService, type SettingsService } from './service.js';

export { channelView } from './channel-view.js';
export { defaultSettings } from './defaults.js';
export { createOperatorSettings } from './operator-settings.js';
export { createSettingsService, type SettingsService } from './service.js';

export function settingsModule({ config, database, db, now, log }: Platform): ModuleManifest<{ settings: SettingsService }> {
  const settings = createSettingsService(db, defaultSettings(config.defaultLang), now, (onChange) => openChangeFeed(database, 'settings', onChange, log));
  const operatorSettings = createOperatorSettings(db, settings);
  return {
    services: { settings },
    operatorRoutes: (call) => settingsOperatorRoutes(call, operatorSettings),
    close: () => settings.close(),
  };
}
