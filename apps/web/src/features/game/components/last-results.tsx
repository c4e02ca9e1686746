import type { Dice } from '@wallet/contract/game';
import { useTranslation } from 'react-i18next';
import type { DrawnPeriod } from '../api/game-queries';
import { DiceRow } from './dice-face';
import type { DrawOutcome } from '../model/draw-outcome';
import { NetHeadline } from './net-headline';
import { ProfitText } from './profit-text';
import { ThrowFacts } from './throw-facts';
import { useAmountFormat } from '../../../components/use-currency';
import { VoidNote, VoidTag } from './void-note';

/** The last results shown under the newest one. */
const OLDER_SHOWN = 5;

const diceOf = (period: DrawnPeriod) => period.dice as Dice | null;

function MyOutcome({ outcome }: { outcome: DrawOutcome }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  if (outcome.voided) {
    return (
      <p className="app-my-result" data-testid="my-result">
        {t('live.result.refunded', { amount: format(outcome.payout) })}
      </p>
    );
  }
  return (
    <p className={outcome.net === 'gain' ? 'app-my-result app-my-result-won' : 'app-my-result'} data-testid="my-result">
      <NetHeadline outcome={outcome} />
      <span>
        {t('game.result.profit')} <ProfitText profit={outcome.profit} />
      </span>
    </p>
  );
}

function OlderResult({ period }: { period: DrawnPeriod }) {
  const dice = diceOf(period);
  return (
    <li className="app-recent-result">
      <bdi className="app-recent-period">{period.periodNo.slice(-4)}</bdi>
      {dice ? (
        <>
          <DiceRow dice={dice} size="small" />
          <ThrowFacts dice={dice} />
        </>
      ) : (
        <VoidTag />
      )}
    </li>
  );
}

interface Props {
  recent: readonly DrawnPeriod[];
  /** The newest result tumbles in: the user ordered in its period. */
  rolling: boolean;
  /** What the newest draw did to the user's orders, once known. */
  outcome: DrawOutcome | undefined;
}

/** The newest result in large dice with its sum and kind (or void, refunded), the user's outcome of it, and a few before it. */
export function LastResults({ recent, rolling, outcome }: Props) {
  const { t } = useTranslation();
  const [latest, ...older] = recent.filter((period) => diceOf(period) !== null || period.status === 'void');
  const latestDice = latest && diceOf(latest);
  return (
    <section className="app-game-card" aria-labelledby="last-results-title">
      <h2 id="last-results-title" className="app-game-card-title">
        {t('game.lastResults')}
      </h2>
      {latest ? (
        <div className="app-last-result" data-testid="last-result" data-period-no={latest.periodNo} data-status={latest.status}>
          <p className="app-last-result-period">
            {t('game.period')} <bdi>{latest.periodNo}</bdi>
          </p>
          {latestDice ? (
            <>
              {/* Keyed: each new result tumbles in afresh. */}
              <DiceRow key={latest.periodNo} dice={latestDice} size="large" rolling={rolling} testId="last-dice" />
              {!rolling && <ThrowFacts dice={latestDice} testId="last-facts" />}
            </>
          ) : (
            <VoidNote reason={latest.voidReason} />
          )}
          {!rolling && outcome && <MyOutcome outcome={outcome} />}
        </div>
      ) : (
        <p className="app-game-card-empty">{t('game.noResults')}</p>
      )}
      {older.length > 0 && (
        <ol className="app-recent-results" data-testid="recent-results">
          {older.slice(0, OLDER_SHOWN).map((period) => (
            <OlderResult key={period.periodNo} period={period} />
          ))}
        </ol>
      )}
    </section>
  );
}
