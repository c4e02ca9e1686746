import type { Kysely } from 'kysely';
import type { RechargeChannel } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { createOperatorSettings, type SettingsService } from '../settings/index.js';

/** A channel for trying the app: its name and every detail say it is not for real money. */
export const DEMO_CHANNEL: RechargeChannel = {
  id: 'demo-bank',
  name: 'Demo bank (test only)',
  kind: 'bank',
  details: [
    { label: 'Account name', value: 'DEMO – do not pay real money' },
    { label: 'Account number', value: 'DEMO 0000 0000 0000' },
  ],
  minCents: 10_00,
  maxCents: 50_000_00,
  randomDecimal: true,
  enabled: true,
};

/**
 * Opens the demo channel (again, if an operator closed or changed it), beside
 * the channels already there, as a settings change by `operatorId`: audited
 * like any other.
 */
export async function openDemoChannel(db: Kysely<Database>, settings: SettingsService, operatorId: string, now: number): Promise<void> {
  const others = (await settings.get('rechargeChannels')).filter((channel) => channel.id !== DEMO_CHANNEL.id);
  await createOperatorSettings(db, settings).save(operatorId, { rechargeChannels: [...others, DEMO_CHANNEL] }, now);
}
