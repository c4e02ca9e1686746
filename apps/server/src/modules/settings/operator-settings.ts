import type { Kysely } from 'kysely';
import { formatFeeRate, formatMoney, settingSchemas, type SettingKey, type Settings } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { recordAudit } from '../../audit/record-audit.js';
import { channelView } from './channel-view.js';
import type { SettingsService } from './service.js';

const KEYS = Object.keys(settingSchemas) as SettingKey[];

/** Settings as the console shows and edits them: money as decimal strings, the fee as a fraction. */
export function createOperatorSettings(db: Kysely<Database>, settings: SettingsService) {
  async function all() {
    const values = Object.fromEntries(await Promise.all(KEYS.map(async (key) => [key, await settings.get(key)]))) as Settings;
    return {
      ...values,
      rechargeChannels: values.rechargeChannels.map((channel) => ({ ...channelView(channel), enabled: channel.enabled })),
      withdrawal: {
        minAmount: formatMoney(values.withdrawal.minCents),
        maxAmount: formatMoney(values.withdrawal.maxCents),
        feeRate: formatFeeRate(values.withdrawal.feeBasisPoints),
      },
      adjustApprovalThreshold: formatMoney(values.adjustApprovalThreshold),
    };
  }

  return {
    all,
    /** All the keys given or none of them, each with its audit line. */
    async save(operatorId: string, changes: Partial<Settings>, now: number) {
      const saved = KEYS.filter((key) => changes[key] !== undefined);
      await db.transaction().execute(async (trx) => {
        for (const key of saved) {
          const before = await settings.get(key, trx);
          await settings.save(key, changes[key]!, trx);
          await recordAudit(trx, { operatorId, action: 'settings/save', target: key, before, after: changes[key] }, now);
        }
      });
      await settings.announce(saved);
      return all();
    },
  };
}

export type OperatorSettings = ReturnType<typeof createOperatorSettings>;
