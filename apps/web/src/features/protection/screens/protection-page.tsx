import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import { playerLimitsQuery } from '../api/protection-queries';
import { BreakNotice } from '../components/break-notice';
import { LimitCard } from '../components/limit-card';
import { RealityCheckCard } from '../components/reality-check-card';
import { SelfExclusionCard } from '../components/self-exclusion-card';
import { TimeoutCard } from '../components/timeout-card';
import '../../account/account.css';
import '../../money/money.css';
import '../protection.css';

/** Play responsibly: the player's deposit and loss limits, the reality check, a time-out and self-exclusion. */
export function ProtectionPage() {
  const { t } = useTranslation();
  const { data: view, error, refetch } = useQuery(playerLimitsQuery);
  if (!view) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  return (
    <div className="app-protection">
      <p className="app-protection-intro">{t('protection.intro')}</p>
      <BreakNotice view={view} />
      <LimitCard kind="deposit" view={view} />
      <LimitCard kind="loss" view={view} />
      <RealityCheckCard minutes={view.realityCheckMinutes} />
      <TimeoutCard />
      <SelfExclusionCard />
    </div>
  );
}
