import Button from 'antd-mobile/es/components/button';
import { SELF_EXCLUSION_MONTHS, type SelfExclusionMonths } from '@wallet/contract/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/form/app-form';
import { withFormErrors } from '../../../components/form/form-call';
import { PasswordField } from '../../../components/form/password-field';
import { required } from '../../../components/form/rules';
import { useForm } from '../../../components/form/use-form';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { useSelfExclude } from '../api/protection-mutations';
import { unitText } from '../model/durations';
import { ChoiceGroup } from './choice-group';
import { confirmBreak } from './confirm-break';

type Values = { password: string };

/** Whole years read as years: "1 year", "5 years", not "60 months". */
const lengthOf = (months: SelfExclusionMonths, language: string) =>
  months % 12 === 0 ? unitText(months / 12, 'year', language) : unitText(months, 'month', language);

/** The long break, or for good: the login password, then a confirmation that says nobody can lift it. */
export function SelfExclusionCard() {
  const { t, i18n } = useTranslation();
  const [months, setMonths] = useState<SelfExclusionMonths>();
  const selfExclude = useSelfExclude();
  const form = useForm<Values>({ password: '' }, { password: required(t('contact.passwordRequired')) });

  const submit = useGuardedAction(async () => {
    if (months === undefined || !(await form.validate())) return;
    const content = months === 0 ? t('protection.exclusion.confirmPermanent') : t('protection.exclusion.confirm', { length: lengthOf(months, i18n.language) });
    const confirmed = await confirmBreak({
      title: t('protection.exclusion.confirmTitle'),
      content,
      confirmText: t('protection.exclusion.confirmButton'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await withFormErrors(form, () => selfExclude.mutateAsync({ months, password: form.values.password }));
    form.setValue('password', '');
    setMonths(undefined);
    showToast(t('protection.exclusion.started'));
  });

  const choices = SELF_EXCLUSION_MONTHS.map((value) => ({ value, label: value === 0 ? t('protection.exclusion.permanent') : lengthOf(value, i18n.language) }));
  return (
    <section className="app-protection-card app-protection-serious" aria-labelledby="exclusion-title" data-testid="exclusion-card">
      <h2 className="app-protection-title" id="exclusion-title">
        {t('protection.exclusion.title')}
      </h2>
      <p className="app-protection-hint">{t('protection.exclusion.hint')}</p>
      <ChoiceGroup label={t('protection.exclusion.title')} choices={choices} selected={months} onSelect={setMonths} columns={2} testId="exclusion-months" />
      <AppForm name="self-exclusion" onSubmit={submit.run}>
        <PasswordField label={t('contact.password')} field={form.field('password')} autoComplete="current-password" placeholder={t('contact.passwordPlaceholder')} />
        <Button block type="submit" color="danger" size="large" loading={submit.pending} disabled={months === undefined || submit.pending} data-testid="exclusion-submit">
          {t('protection.exclusion.submit')}
        </Button>
      </AppForm>
    </section>
  );
}
