import Button from 'antd-mobile/es/components/button';
import { TIMEOUT_DAYS, type TimeoutDays } from '@wallet/contract/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { useTakeTimeout } from '../api/protection-mutations';
import { unitText } from '../model/durations';
import { ChoiceGroup } from './choice-group';
import { confirmBreak } from './confirm-break';

/** A short break from play: how long, then a confirmation that says for how long and that nothing shortens it. */
export function TimeoutCard() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<TimeoutDays>();
  const takeTimeout = useTakeTimeout();
  const start = useGuardedAction(async () => {
    if (days === undefined) return;
    const confirmed = await confirmBreak({
      title: t('protection.timeout.confirmTitle'),
      content: t('protection.timeout.confirm', { length: unitText(days, 'day', i18n.language) }),
      confirmText: t('protection.timeout.submit'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await takeTimeout.mutateAsync({ days });
    setDays(undefined);
    showToast(t('protection.timeout.started'));
  });
  const choices = TIMEOUT_DAYS.map((value) => ({ value, label: unitText(value, 'day', i18n.language) }));
  return (
    <section className="app-protection-card" aria-labelledby="timeout-title" data-testid="timeout-card">
      <h2 className="app-protection-title" id="timeout-title">
        {t('protection.timeout.title')}
      </h2>
      <p className="app-protection-hint">{t('protection.timeout.hint')}</p>
      <ChoiceGroup label={t('protection.timeout.title')} choices={choices} selected={days} onSelect={setDays} testId="timeout-days" />
      <Button block color="warning" size="large" loading={start.pending} disabled={days === undefined || start.pending} onClick={() => start.run()} data-testid="timeout-submit">
        {t('protection.timeout.submit')}
      </Button>
    </section>
  );
}
