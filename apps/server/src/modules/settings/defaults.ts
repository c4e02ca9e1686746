import { APP_VERSION, type Language, type Settings } from '@wallet/contract';

const AGREEMENT = `<h2>Terms of use</h2>
<p>By registering you agree to use this service only for lawful purposes, to keep your login password and payment password secret, and to give true information.</p>
<p>Recharges are credited after review. Withdrawals are paid to the bank card you enter, after review, less the fee shown before you confirm.</p>
<p>We keep a record of every movement of money on your account. Contact customer service with any question about your account.</p>`;

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
    agreement: { title: 'User agreement', content: AGREEMENT, translations: {} },
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
  };
}
