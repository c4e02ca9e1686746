import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gameHistoryQuery, type DrawnPeriod } from '../api/game-queries';
import { CopyButton } from '../../../components/copy-button';
import { DiceRow } from './dice-face';
import { ThrowFacts } from './throw-facts';
import { InfiniteList } from '../../../components/list/infinite-list';
import { VerifyButton } from './verify-button';

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

function DrawnPeriodCard({ period }: { period: DrawnPeriod }) {
  const { t } = useTranslation();
  if (!period.dice || !period.serverSeed) return null;
  return (
    <article className="app-record app-drawn-period" data-testid="drawn-period" data-period-no={period.periodNo}>
      <header className="app-drawn-period-head">
        <p className="app-drawn-period-no">
          {t('game.period')} <bdi data-testid="drawn-period-no">{period.periodNo}</bdi>
        </p>
        <DiceRow dice={period.dice} testId="drawn-dice" />
      </header>
      <ThrowFacts dice={period.dice} />
      <SeedLine label={t('game.history.seedHash')} value={period.serverSeedHash} copyLabel={t('game.history.copyHash')} testId="seed-hash" />
      <SeedLine label={t('game.history.seed')} value={period.serverSeed} copyLabel={t('game.history.copySeed')} testId="server-seed" />
      <VerifyButton period={{ projectId: period.projectId, periodNo: period.periodNo, serverSeedHash: period.serverSeedHash, serverSeed: period.serverSeed, dice: period.dice }} />
    </article>
  );
}

/** The drawn periods of a project, newest first, page by page. */
export function DrawnPeriods({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(gameHistoryQuery(projectId));
  return (
    <InfiniteList
      query={query}
      itemKey={(period) => period.periodNo}
      renderItem={(period) => <DrawnPeriodCard period={period} />}
      emptyTitle={t('game.history.empty')}
      testId="drawn-periods"
    />
  );
}
