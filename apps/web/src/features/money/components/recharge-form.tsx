import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@wallet/contract/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateRecharge } from '../api/money-mutations';
import { rechargeChannelsQuery, type RechargeChannel } from '../api/money-queries';
import { CustomerServiceButton } from '../../customer-service';
import { PROTECTION_REASONS, ProtectionRefusalNote } from '../../protection';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';
import { AppForm } from '../../../components/form/app-form';
import { withFormErrors } from '../../../components/form/form-call';
import { useForm } from '../../../components/form/use-form';
import { LoadFailed } from '../../../components/load-failed';
import { AmountField } from '../../../components/form/amount-field';
import { centsOf, normaliseAmount, quickPicks, readAmount } from '../../../components/amount-input';
import { amountRule } from '../../../components/form/amount-rule';
import { useAmountFormat } from '../../../components/use-currency';
import { rechargeConfirmationPath } from '../model/money-paths';
import { SubmitButton } from '../../../components/submit-button';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { ChannelPicker } from './channel-picker';

type Values = { channelId: string; amount: string };

const limitsOf = (channel: RechargeChannel | undefined) =>
  channel && { minCents: centsOf(channel.minAmount), maxCents: centsOf(channel.maxAmount) };

function QuickPicks({ channel, amount, onPick }: { channel: RechargeChannel; amount: string; onPick: (amount: string) => void }) {
  const { t } = useTranslation();
  const picks = quickPicks(centsOf(channel.minAmount), centsOf(channel.maxAmount));
  return (
    <div className="app-quick-picks" role="group" aria-label={t('money.recharge.quickPicks')}>
      {picks.map((pick) => (
        <button
          key={pick}
          type="button"
          className={normaliseAmount(amount) === pick ? 'app-quick-pick app-quick-pick-active' : 'app-quick-pick'}
          aria-pressed={normaliseAmount(amount) === pick}
          onClick={() => onPick(pick)}
          data-testid="quick-pick"
        >
          <bdi dir="ltr">{pick}</bdi>
        </button>
      ))}
    </div>
  );
}

function Form({ channels }: { channels: RechargeChannel[] }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const navigate = useNavigate();
  const createRecharge = useCreateRecharge();
  const [channelId, setChannelId] = useState(channels[0]!.id);
  const channel = channels.find((c) => c.id === channelId) ?? channels[0];
  const limits = limitsOf(channel);
  const form = useForm<Values>({ channelId, amount: '' }, { amount: amountRule<Values>(limits, t, format) });
  /** The last try's failure: a refusal by the player's own limit or break shows under the amount, with the way to the limits. */
  const [failure, setFailure] = useState<unknown>();

  const submit = useGuardedAction(async () => {
    setFailure(undefined);
    if (!channel || !limits || !(await form.validate())) return;
    const read = readAmount(form.values.amount, limits);
    if (!read.ok) return;
    const fields = { channelId: channel.id, amount: formatMoney(read.cents) };
    const record = await withFormErrors(form, () => createRecharge.mutateAsync(fields), { onFailure: (error) => setFailure(() => error), shownOnForm: PROTECTION_REASONS });
    await navigate(rechargeConfirmationPath(record.orderNo), { replace: true });
  });

  return (
    <AppForm name="recharge" onSubmit={submit.run}>
      <ChannelPicker
        channels={channels}
        selected={channelId}
        onSelect={(id) => {
          setChannelId(id);
          form.setValue('channelId', id);
          // The limits changed: the amount is checked again on submit.
          form.setErrors({ amount: undefined });
        }}
        error={form.errors.channelId}
      />
      <div className="app-form-card">
        <AmountField field={form.field('amount')} range={channel && { min: channel.minAmount, max: channel.maxAmount }} />
        {channel && <QuickPicks channel={channel} amount={form.values.amount} onPick={(pick) => form.setValue('amount', pick)} />}
      </div>
      <ProtectionRefusalNote error={failure} testId="recharge-refusal" />
      <SubmitButton pending={submit.pending} testId="recharge-submit">
        {t('money.recharge.submit')}
      </SubmitButton>
    </AppForm>
  );
}

export function RechargeForm() {
  const { t } = useTranslation();
  const { data: channels, error, refetch } = useQuery(rechargeChannelsQuery);
  if (!channels) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  if (channels.length === 0)
    return (
      <EmptyState title={t('money.recharge.noChannels')} description={t('money.recharge.noChannelsHint')}>
        <CustomerServiceButton fill="solid" />
      </EmptyState>
    );
  return (
    <div className="app-money-page">
      <Form channels={channels} />
    </div>
  );
}
