import { CARD_NO_PATTERN, formatMoney, normaliseCardNo, parseMoney } from '@wallet/contract/core';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { useCreateWithdrawal } from '../api/money-mutations';
import type { WithdrawInfo } from '../api/money-queries';
import { AppForm } from '../../../components/form/app-form';
import { showCallError } from '../../../components/form/call-error';
import { checks, required, type Rule } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { AmountField } from '../../../components/form/amount-field';
import { centsOf, normaliseAmount, readAmount, withdrawalQuote } from '../../../components/amount-input';
import { amountRule } from '../../../components/form/amount-rule';
import { useAmountFormat } from '../../../components/use-currency';
import { Money } from '../../../components/money-text';
import { PAY_PASSWORD_LENGTH, PayPasswordInput, type PayPasswordInputHandle } from '../../../components/form/pay-password-input';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useCountdown } from '../../../components/use-countdown';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { CardField, type CardChoice } from './card-choice';
import { PayPasswordLock } from './pay-password-lock';

type Values = { name: string; bankName: string; cardNo: string; address: string; amount: string; payPassword: string };

/** Locked for 30 minutes when the server does not say how long (PRODUCT §4). */
const DEFAULT_LOCK_SECONDS = 30 * 60;

function cardNoRule(t: TFunction): Rule<Values> {
  return checks<Values>(required(t('money.withdraw.cardNoRequired')), (value) =>
    CARD_NO_PATTERN.test(normaliseCardNo(value.trim())) ? undefined : t('money.withdraw.cardNoRule'),
  );
}

function Quote({ amount, feeRate }: { amount: string; feeRate: string }) {
  const { t } = useTranslation();
  const parsed = parseMoney(normaliseAmount(amount));
  const quote = parsed.ok && parsed.cents > 0 ? withdrawalQuote(parsed.cents, feeRate) : undefined;
  if (!quote) return null;
  return (
    <dl className="app-quote" data-testid="withdraw-quote" aria-live="polite">
      <div>
        <dt>{t('money.withdraw.feeWithRate', { rate: quote.ratePercent })}</dt>
        <dd>
          <Money value={quote.fee} testId="quote-fee" />
        </dd>
      </div>
      <div>
        <dt>{t('money.withdraw.arrival')}</dt>
        <dd>
          <Money value={quote.arrival} className="app-quote-arrival" testId="quote-arrival" />
        </dd>
      </div>
    </dl>
  );
}

function BalanceHero({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const rate = withdrawalQuote(0, info.feeRate)?.ratePercent;
  return (
    <section className="app-money-hero" data-testid="withdraw-balance">
      <p className="app-money-hero-label">{t('money.withdraw.available')}</p>
      <Money value={info.balance} className="app-money-hero-amount" testId="withdraw-available" />
      <p className="app-money-hero-facts">
        <span>
          {t('money.recharge.limits')} <Money value={info.minAmount} /> – <Money value={info.maxAmount} />
        </span>
        {rate !== undefined && <span>{t('money.withdraw.feeRate', { rate })}</span>}
      </p>
    </section>
  );
}

/** Name, bank, card, address, amount with its fee, and the payment password; the amount is frozen until an operator reviews it. */
export function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const navigate = useNavigate();
  const createWithdrawal = useCreateWithdrawal();
  const [cardChoice, setCardChoice] = useState<CardChoice>(info.last ? 'last' : 'new');
  const lock = useCountdown();
  const payPassword = useRef<PayPasswordInputHandle>(null);
  const availableCents = centsOf(info.balance);
  const maxCents = centsOf(info.maxAmount);
  const limits = { minCents: centsOf(info.minAmount), maxCents, availableCents };

  const form = useForm<Values>(
    () => ({
      name: info.last?.name ?? '',
      bankName: info.last?.bankName ?? '',
      cardNo: '',
      address: info.last?.address ?? '',
      amount: '',
      payPassword: '',
    }),
    {
      name: required(t('money.withdraw.nameRequired')),
      bankName: required(t('money.withdraw.bankNameRequired')),
      cardNo: cardChoice === 'new' ? cardNoRule(t) : undefined,
      amount: amountRule<Values>(limits, t, format),
      payPassword: (value) => (value.length === PAY_PASSWORD_LENGTH ? undefined : t('money.withdraw.payPasswordRequired')),
    },
  );

  const showFailure = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 401) return;
    switch (error.reason) {
      case 'PAY_PASSWORD_WRONG': {
        const attemptsLeft = error.data['attemptsLeft'];
        payPassword.current?.clearAndFocus();
        form.setErrors({ payPassword: typeof attemptsLeft === 'number' ? t('money.withdraw.payPasswordWrong', { attemptsLeft }) : error.mess });
        return;
      }
      case 'PAY_PASSWORD_LOCKED':
        form.setValue('payPassword', '');
        lock.start(error.retryAfterSeconds ?? DEFAULT_LOCK_SECONDS);
        return;
      case 'INSUFFICIENT_BALANCE':
        form.setErrors({ amount: error.mess });
        return;
      case 'WITHDRAWAL_PENDING_LIMIT':
        showToast(error.mess);
        return;
      default:
        showCallError(form, error, { rename: { useLastCard: 'cardNo' } });
    }
  };

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const read = readAmount(form.values.amount, limits);
    if (!read.ok) return;
    const { name, bankName, cardNo, address } = form.values;
    const card = cardChoice === 'last' ? { useLastCard: true } : { cardNo: normaliseCardNo(cardNo.trim()) };
    const fields = { name: name.trim(), bankName: bankName.trim(), address: address.trim(), amount: formatMoney(read.cents), ...card };
    try {
      await createWithdrawal.mutateAsync({ ...fields, payPassword: form.values.payPassword });
    } catch (error) {
      showFailure(error);
      throw error;
    }
    showToast(t('money.withdraw.submitted'));
    await navigate(PATHS.withdrawRecords, { replace: true });
  });

  const fillAll = () => form.setValue('amount', formatMoney(Math.min(availableCents, maxCents)));

  return (
    <div className="app-money-page">
      <BalanceHero info={info} />
      {info.pending > 0 && (
        <p className={info.pending >= info.pendingLimit ? 'app-money-note app-money-note-warn' : 'app-money-note'} data-testid="withdraw-pending">
          {t(info.pending >= info.pendingLimit ? 'money.withdraw.pendingFull' : 'money.withdraw.pending', {
            pending: info.pending,
            limit: info.pendingLimit,
          })}
        </p>
      )}
      <AppForm name="withdraw" onSubmit={submit.run}>
        <div className="app-form-card">
          <TextField
            label={t('money.withdraw.name')}
            field={form.field('name')}
            autoComplete="cc-name"
            maxLength={60}
            placeholder={t('money.withdraw.namePlaceholder')}
          />
          <TextField
            label={t('money.withdraw.bankName')}
            field={form.field('bankName')}
            autoComplete="off"
            maxLength={60}
            placeholder={t('money.withdraw.bankNamePlaceholder')}
          />
          <CardField
            lastCard={info.last?.cardNoMasked ?? null}
            choice={cardChoice}
            onChoose={(choice) => {
              setCardChoice(choice);
              form.setErrors({ cardNo: undefined });
            }}
            field={form.field('cardNo')}
          />
          <TextField
            label={t('money.withdraw.address')}
            field={form.field('address')}
            autoComplete="street-address"
            maxLength={200}
            placeholder={t('money.withdraw.addressPlaceholder')}
          />
        </div>
        <div className="app-form-card">
          <AmountField
            field={form.field('amount')}
            range={{ min: info.minAmount, max: info.maxAmount }}
            extra={
              <button type="button" className="app-all-button" onClick={fillAll} data-testid="withdraw-all">
                {t('money.withdraw.all')}
              </button>
            }
          />
          <Quote amount={form.values.amount} feeRate={info.feeRate} />
          <PayPasswordInput
            ref={payPassword}
            field={form.field('payPassword')}
            label={t('money.withdraw.payPassword')}
            hint={t('money.withdraw.payPasswordHint')}
            testId="withdraw-pay-password"
          />
          {lock.secondsLeft > 0 && <PayPasswordLock minutes={Math.ceil(lock.secondsLeft / 60)} />}
        </div>
        <SubmitButton pending={submit.pending} testId="withdraw-submit">
          {t('money.withdraw.submit')}
        </SubmitButton>
      </AppForm>
    </div>
  );
}
