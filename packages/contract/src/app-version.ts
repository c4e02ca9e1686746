/** The app's own version, as the seed gives it. */
export const APP_VERSION = { version: '1.0.0', versionCode: 100 } as const;
