import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = ['hash', 'seed', 'dice', 'more', 'beacon', 'orders'] as const;

/** The draw explained step by step, so anyone can redo it with any SHA-256 and HMAC tool. */
export function HowToCheck({ ref }: { ref: Ref<HTMLDetailsElement> }) {
  const { t } = useTranslation();
  return (
    <details ref={ref} className="app-how-to" data-testid="how-to-check">
      <summary>{t('gamePages.history.howTitle')}</summary>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`gamePages.history.howSteps.${step}`)}</li>
        ))}
      </ol>
      <p>{t('gamePages.history.howTool')}</p>
    </details>
  );
}
