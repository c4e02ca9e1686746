import Button from 'antd-mobile/es/components/button';
import { checkPeriod, type Dice } from '@wallet/contract/game';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fairnessVerdict, type FairnessVerdict } from '../model/fairness-verdict';

interface Published {
  projectId: string;
  periodNo: string;
  serverSeedHash: string;
  serverSeed: string;
  dice: Dice;
}

type Outcome = FairnessVerdict | 'unavailable';

function Verdict({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const verified = outcome === 'verified';
  return (
    <p className={verified ? 'app-verdict app-verdict-ok' : 'app-verdict app-verdict-bad'} role="status" data-testid="verdict" data-verdict={outcome}>
      <span className="app-verdict-mark" aria-hidden="true">
        {verified ? '✓' : '✗'}
      </span>
      <span>
        <strong data-testid="verdict-title">{t(`game.history.verdict.${verified ? 'verified' : 'failed'}`)}</strong>{' '}
        {t(`game.history.verdict.${verified ? 'verifiedHint' : outcome}`)}
      </span>
    </p>
  );
}

/** Checks the period here, in the browser (Web Crypto), from what was published alone: the hash before, the seed and dice after. */
export function VerifyButton({ period }: { period: Published }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>();
  const [checking, setChecking] = useState(false);
  const verify = async () => {
    setChecking(true);
    try {
      setOutcome(fairnessVerdict(await checkPeriod(period)));
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
        {t('game.history.verify')}
      </Button>
      {outcome && <Verdict outcome={outcome} />}
    </div>
  );
}
