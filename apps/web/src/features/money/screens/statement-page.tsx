import { useInfiniteQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statementQuery, type StatementEntry, type StatementUnit } from '../api/money-queries';
import { InfiniteList } from '../../../components/list/infinite-list';
import { formatRecordTime } from '../../../components/list/record-time';
import { ScrollTabs } from '../../../components/scroll-tabs';
import { movementText } from '../../../components/statement-text';
import { BalanceAfter, Headline, useBalanceAfterLabel } from '../components/movement-headline';
import { StatementDownload } from '../components/statement-download';
import '../../../styles/list.css';
import '../money.css';
import '../statement.css';

// The sheet (with its animation library) is downloaded on the first tap, not with the page.
const MovementDetail = lazy(() => import('../components/movement-detail'));

function MovementRow({ entry, onOpen }: { entry: StatementEntry; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const text = movementText(entry.kind);
  const balanceAfterLabel = useBalanceAfterLabel(entry);
  return (
    <button
      type="button"
      className="app-record app-statement-row"
      onClick={onOpen}
      aria-haspopup="dialog"
      data-testid="statement-entry"
      data-kind={entry.kind}
    >
      <span className="app-statement-head">
        <span className="app-entry-title" data-testid="entry-meaning">
          {t(text.titleKey)}
        </span>
        <Headline entry={entry} testId="entry-amount" />
      </span>
      {text.noteKey && (
        <span className="app-statement-note" data-testid="entry-note">
          {t(text.noteKey)}
        </span>
      )}
      {entry.memo && (
        <bdi className="app-statement-note" data-testid="entry-memo">
          {entry.memo}
        </bdi>
      )}
      <span className="app-statement-foot">
        <span>
          {balanceAfterLabel} <BalanceAfter entry={entry} testId="entry-balance-after" />
        </span>
        <bdi>{formatRecordTime(entry.createdAt, i18n.language)}</bdi>
      </span>
    </button>
  );
}

export function StatementPage() {
  const { t } = useTranslation();
  const [unit, setUnit] = useState<StatementUnit>('money');
  const query = useInfiniteQuery(statementQuery(unit));
  const [opened, setOpened] = useState<StatementEntry>();
  return (
    <div className="app-money-page">
      <ScrollTabs<StatementUnit>
        tabs={[
          { key: 'money', label: t('money.statement.units.money') },
          { key: 'points', label: t('money.accounts.coin') },
        ]}
        active={unit}
        onChange={setUnit}
        label={t('money.statement.units.label')}
        testId="statement-units"
        tabTestIdPrefix="statement-unit"
      />
      <p className="app-money-hint">{t(unit === 'money' ? 'money.statement.hint' : 'money.statement.pointsHint')}</p>
      <StatementDownload />
      <InfiniteList
        query={query}
        itemKey={(entry) => entry.id}
        renderItem={(entry) => <MovementRow entry={entry} onOpen={() => setOpened(entry)} />}
        emptyTitle={t(unit === 'money' ? 'money.statement.empty' : 'money.statement.pointsEmpty')}
        testId="statement"
      />
      {opened && (
        <Suspense fallback={null}>
          <MovementDetail entry={opened} onClose={() => setOpened(undefined)} />
        </Suspense>
      )}
    </div>
  );
}
