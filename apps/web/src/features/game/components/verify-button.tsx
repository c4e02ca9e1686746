import Button from 'antd-mobile/es/components/button';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasSession } from '../../../api/session';
import { serverInfoQuery } from '../../../api/public-info';
import { orderProofQuery, periodOrdersQuery } from '../api/game-queries';
import { fairnessVerdict, type CheckOutcome, type FairnessVerdict, type NamedCheck } from '../model/fairness-verdict';
import { verifyPeriod, type VerifiablePeriod, type VerifySources } from '../model/verify-period';

type Outcome = { verdict: FairnessVerdict; checks: NamedCheck[] } | 'unavailable';

const MARKS: Record<CheckOutcome, string> = { holds: '✓', fails: '✗', unchecked: '?' };
/** A check that could not be made is not a failure: it reads apart from one. */
const TONES: Record<FairnessVerdict | 'unavailable', 'ok' | 'bad' | 'unsure'> = { verified: 'ok', failed: 'bad', incomplete: 'unsure', unavailable: 'unsure' };

function sourcesFor(queryClient: QueryClient, period: VerifiablePeriod): VerifySources {
  return {
    beacon: async () => (await queryClient.fetchQuery(serverInfoQuery)).fairnessBeacon,
    // About 27 KB of pairing code: downloaded when a period with a beacon round is verified, never with the page.
    loadSignatureCheck: async () => (await import('@wallet/contract/game/beacon-signature')).beaconSignatureHolds,
    myOrders: async () => (hasSession() ? queryClient.fetchQuery(periodOrdersQuery(period.projectId, period.periodNo)) : []),
    proofOf: (orderNo) => queryClient.fetchQuery(orderProofQuery(orderNo)),
  };
}

function CheckLine({ check }: { check: NamedCheck }) {
  const { t } = useTranslation();
  const holdsKey = check.name === 'dice' && check.params?.round !== undefined ? 'diceWithBeacon' : check.name;
  return (
    <li className={`app-verdict-check app-verdict-check-${check.outcome}`} data-testid="verdict-check" data-check={check.name} data-outcome={check.outcome}>
      <span className="app-verdict-check-mark" aria-hidden="true">
        {MARKS[check.outcome]}
      </span>
      <span>
        <strong>{t(`gamePages.history.verdict.checks.${check.name}`)}</strong>{' '}
        <span data-testid="verdict-check-text">{t(check.problem ? `gamePages.history.verdict.problems.${check.problem}` : `gamePages.history.verdict.holds.${holdsKey}`, check.params)}</span>
      </span>
    </li>
  );
}

function Verdict({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const verdict = outcome === 'unavailable' ? outcome : outcome.verdict;
  const tone = TONES[verdict];
  return (
    <div className={`app-verdict app-verdict-${tone}`} role="status" data-testid="verdict" data-verdict={verdict}>
      <p className="app-verdict-head">
        <span className="app-verdict-mark" aria-hidden="true">
          {tone === 'ok' ? MARKS.holds : tone === 'unsure' ? MARKS.unchecked : MARKS.fails}
        </span>
        <strong data-testid="verdict-title">{t(`gamePages.history.verdict.${verdict === 'unavailable' ? 'incomplete' : verdict}`)}</strong>
      </p>
      {outcome === 'unavailable' ? (
        <p className="app-verdict-note">{t('gamePages.history.verdict.unavailable')}</p>
      ) : (
        <ul className="app-verdict-checks">
          {outcome.checks.map((check) => (
            <CheckLine key={check.name} check={check} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Checks the period here, in the browser, from what was published alone: the
 * hash before, the seed and dice after, the beacon round's signature, and that
 * the viewer's orders are in the set fixed at the lock.
 */
export function VerifyButton({ period }: { period: VerifiablePeriod }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const [checking, setChecking] = useState(false);
  const verify = async () => {
    setChecking(true);
    try {
      const checks = await verifyPeriod(period, sourcesFor(queryClient, period));
      setOutcome({ verdict: fairnessVerdict(checks), checks });
    } catch {
      // No Web Crypto: a page served over plain http to another machine.
      setOutcome('unavailable');
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="app-verify">
      <Button size="small" color="primary" fill="outline" loading={checking} onClick={() => void verify()} data-testid="verify">
        {t('gamePages.history.verify')}
      </Button>
      {outcome && <Verdict outcome={outcome} />}
    </div>
  );
}
