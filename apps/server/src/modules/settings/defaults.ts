import { APP_VERSION, type Language, type Settings } from '@wallet/contract';

/** What a fresh installation starts with; the operator changes each in the console. */
export function defaultSettings(defaultLang: Language): Settings {
  return {
    displayName: 'Wallet',
    defaultLang,
    kefu: [],
    release: {
      version: APP_VERSION.version,
      versionCode: APP_VERSION.versionCode,
      notes: '',
      androidUrl: '',
      iosUrl: '',
      updateUrl: '',
      force: false,
      minVersionCode: 0,
    },
    // Closed and without payment details until an operator enters the real ones: users never see placeholders.
    rechargeChannels: [
      {
        id: 'bank-transfer',
        name: 'Bank transfer',
        kind: 'bank',
        details: [],
        minCents: 10_00,
        maxCents: 50_000_00,
        randomDecimal: true,
        enabled: false,
      },
    ],
    withdrawal: { minCents: 10_00, maxCents: 50_000_00, feeBasisPoints: 100 },
    rechargeExpiryHours: 24,
    adjustApprovalThreshold: 1_000_00,
    requireTotp: false,
    currency: { code: 'USD', symbol: '$' },
  };
}
