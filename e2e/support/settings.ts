import type { OperatorBody, OperatorClient, OperatorResult } from './fixtures';

type Saved = OperatorBody<'/admin/api/settings/save'>;
export type CurrentSettings = OperatorResult<'/admin/api/settings'>;
type SettingKey = keyof Saved & keyof CurrentSettings;

/** Changes one of the server's settings for the duration of `run`, then puts it back. */
export async function withSetting<K extends SettingKey, T>(
  operator: OperatorClient,
  key: K,
  change: (value: CurrentSettings[K]) => Saved[K],
  run: () => Promise<T>,
): Promise<T> {
  const before = (await operator.call('/admin/api/settings', {}))[key];
  await operator.call('/admin/api/settings/save', { [key]: change(before) } as Saved);
  try {
    return await run();
  } finally {
    await operator.call('/admin/api/settings/save', { [key]: before } as Saved);
  }
}

/**
 * The recharge channel the money journeys pay into, with details an operator
 * would enter: a fresh server keeps its first channel closed until then.
 */
export const E2E_CHANNEL = {
  id: 'bank-transfer',
  name: 'Bank transfer',
  kind: 'bank',
  details: [
    { label: 'Account name', value: 'Harbour Payments Ltd' },
    { label: 'Bank', value: 'First Coast Bank, Main Street branch' },
    { label: 'Account number', value: '6222 0210 0123 4567' },
  ],
  minAmount: '10.00',
  maxAmount: '50000.00',
  randomDecimal: true,
  enabled: true,
} satisfies NonNullable<Saved['rechargeChannels']>[number];

/** Opens E2E_CHANNEL as the only recharge channel; the same every time, so any test may call it. */
export async function openRechargeChannel(operator: OperatorClient): Promise<void> {
  await operator.call('/admin/api/settings/save', { rechargeChannels: [E2E_CHANNEL] });
}
