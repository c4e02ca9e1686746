import type { Kysely } from 'kysely';
import { formatFeeRate, formatMoney, settingSchemas, type SettingKey, type Settings } from '@wallet/contract';
import type { Database } from '../../db/schema.js';
import { recordAudit } from '../../audit/record-audit.js';
import { channelView } from './channel-view.js';
import type { SettingsService } from './service.js';
import { createThresholdRaises } from './threshold-raises.js';

const KEYS = Object.keys(settingSchemas) as SettingKey[];

/** Settings as the console shows and edits them: money as decimal strings, the fee as a fraction. */
export function createOperatorSettings(db: Kysely<Database>, settings: SettingsService) {
  const thresholdRaises = createThresholdRaises(db, settings);

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
    thresholdRaises,
    /** All the keys given or none of them, each with its audit line; a higher approval threshold only as a proposal. */
    async save(operatorId: string, changes: Partial<Settings>, now: number) {
      const given = KEYS.filter((key) => changes[key] !== undefined);
      const raiseId = await db.transaction().execute(async (trx) => {
        const threshold = changes.adjustApprovalThreshold;
        const raise = threshold === undefined ? undefined : await thresholdRaises.proposeIfHigher(trx, operatorId, threshold, now);
        for (const key of given) {
          if (key === 'adjustApprovalThreshold' && raise) continue;
          const before = await settings.get(key, trx);
          await settings.save(key, changes[key]!, trx);
          await recordAudit(trx, { operatorId, action: 'settings/save', target: key, before, after: changes[key] }, now);
        }
        return raise;
      });
      await settings.announce(given);
      const saved = await all();
      return raiseId ? { ...saved, thresholdRaise: await thresholdRaises.view(raiseId) } : saved;
    },
  };
}

export type OperatorSettings = ReturnType<typeof createOperatorSettings>;
