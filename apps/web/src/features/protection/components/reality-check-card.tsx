import { REALITY_CHECK_MINUTES, type RealityCheckMinutes } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { useSaveLimit } from '../api/protection-mutations';
import { unitText } from '../model/durations';
import { ChoiceGroup } from './choice-group';

/** How often the app reminds the user how long they have played and with what result; saved as soon as it is chosen. */
export function RealityCheckCard({ minutes }: { minutes: number }) {
  const { t, i18n } = useTranslation();
  // A failure is toasted: there is no form here to show it under.
  const saveLimit = useSaveLimit({});
  const choose = useGuardedAction(async (next: RealityCheckMinutes) => {
    await saveLimit.mutateAsync({ kind: 'realityCheck', minutes: next });
    showToast(t('protection.saved'));
  });
  const choices = REALITY_CHECK_MINUTES.map((value) => ({ value, label: value === 0 ? t('protection.reality.off') : unitText(value, 'minute', i18n.language, 'short') }));
  return (
    <section className="app-protection-card" aria-labelledby="reality-check-title" data-testid="reality-check-card">
      <h2 className="app-protection-title" id="reality-check-title">
        {t('protection.reality.title')}
      </h2>
      <p className="app-protection-hint">{t('protection.reality.hint')}</p>
      <ChoiceGroup
        label={t('protection.reality.title')}
        choices={choices}
        selected={minutes as RealityCheckMinutes}
        onSelect={(value) => value !== minutes && choose.run(value)}
        disabled={choose.pending}
        testId="reality-check-minutes"
      />
    </section>
  );
}
