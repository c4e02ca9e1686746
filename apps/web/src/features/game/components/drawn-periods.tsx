import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gameHistoryQuery, type DrawnPeriod } from '../api/game-queries';
import { CopyButton } from '../../../components/copy-button';
import { Money } from '../../../components/money-text';
import { DiceRow } from './dice-face';
import { ThrowFacts } from './throw-facts';
import { InfiniteList } from '../../../components/list/infinite-list';
import { VerifyButton } from './verify-button';
import { VoidNote } from './void-note';

function SeedLine({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  return (
    <div className="app-seed-line">
      <div className="app-seed-label">
        <span>{label}</span>
        <CopyButton text={value} label={copyLabel} testId={`copy-${testId}`} />
      </div>
      <code className="app-seed" dir="ltr" data-testid={testId}>
        {value}
      </code>
    </div>
  );
}

/** What the lock fixed: the root over every order of the period, how many there were and their amount. */
function LockedOrders({ period }: { period: DrawnPeriod }) {
  const { t } = useTranslation();
  if (period.ordersRoot === null) return null;
  return (
    <>
      <SeedLine label={t('gamePages.history.ordersRoot')} value={period.ordersRoot} copyLabel={t('gamePages.history.copyOrdersRoot')} testId="orders-root" />
      <p className="app-period-facts" data-testid="locked-orders">
        <span>
          {t('gamePages.history.orderCount')} <bdi data-testid="order-count">{period.orderCount}</bdi>
        </span>
        {period.orderedAmount !== null && (
          <span>
            {t('gamePages.history.orderedAmount')} <Money value={period.orderedAmount} testId="ordered-amount" />
          </span>
        )}
      </p>
    </>
  );
}

/** The public randomness mixed into the dice: the round named before the period opened, and once drawn its randomness. */
function BeaconRound({ period }: { period: DrawnPeriod }) {
  const { t } = useTranslation();
  const round = period.beaconRound;
  if (round === null) return null;
  if (period.beaconRandomness === null) {
    return (
      <p className="app-period-facts">
        <span>
          {t('gamePages.history.beaconRound')} <bdi data-testid="beacon-round">{round}</bdi>
        </span>
      </p>
    );
  }
  return <SeedLine label={t('gamePages.history.beaconRandomness', { round })} value={period.beaconRandomness} copyLabel={t('gamePages.history.copyBeaconRandomness')} testId="beacon-randomness" />;
}

function DrawnPeriodCard({ period }: { period: DrawnPeriod }) {
  const { t } = useTranslation();
  const { dice, serverSeed } = period;
  if (!serverSeed || (!dice && period.status !== 'void')) return null;
  return (
    <article className="app-record app-drawn-period" data-testid="drawn-period" data-period-no={period.periodNo} data-status={period.status}>
      <header className="app-drawn-period-head">
        <p className="app-drawn-period-no">
          {t('game.period')} <bdi data-testid="drawn-period-no">{period.periodNo}</bdi>
        </p>
        {dice && <DiceRow dice={dice} testId="drawn-dice" />}
      </header>
      {dice ? <ThrowFacts dice={dice} /> : <VoidNote reason={period.voidReason} />}
      <SeedLine label={t('gamePages.history.seedHash')} value={period.serverSeedHash} copyLabel={t('gamePages.history.copyHash')} testId="seed-hash" />
      <SeedLine label={t('gamePages.history.seed')} value={serverSeed} copyLabel={t('gamePages.history.copySeed')} testId="server-seed" />
      <LockedOrders period={period} />
      <BeaconRound period={period} />
      {dice && <VerifyButton period={{ ...period, serverSeed, dice }} />}
    </article>
  );
}

/** The drawn (and void) periods of a project, newest first, page by page. */
export function DrawnPeriods({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(gameHistoryQuery(projectId));
  return (
    <InfiniteList
      query={query}
      itemKey={(period) => period.periodNo}
      renderItem={(period) => <DrawnPeriodCard period={period} />}
      emptyTitle={t('gamePages.history.empty')}
      testId="drawn-periods"
    />
  );
}
