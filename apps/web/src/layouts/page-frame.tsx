import Button from 'antd-mobile/es/components/button';
import NavBar from 'antd-mobile/es/components/nav-bar';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedSpinner } from '../components/delayed-spinner';
import { EmptyState } from '../components/empty-state';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { usePageTitle } from '../components/use-page-title';
import type { PageDefinition } from '../routes/pages';
import { useGoBack } from '../navigation/use-go-back';
import { TabBarNav } from './tab-bar-nav';

function LoadError({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('errors.pageLoadTitle')} description={t('errors.pageLoadHint')}>
      <Button color="primary" onClick={retry} data-testid="page-retry">
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}

function BackNavBar({ title, parent }: { title: string; parent: string }) {
  const { t } = useTranslation();
  // Opened directly (a link, a refresh): there is nothing to go back to, so back goes up to the parent instead.
  const back = useGoBack(parent);
  // The bar's back area is a button whose only content is the arrow: the arrow carries its name.
  return (
    <header className="app-nav-bar">
      <NavBar onBack={back} backIcon={<LeftOutline role="img" aria-label={t('common.back')} />}>
        <h1 className="app-nav-title">{title}</h1>
      </NavBar>
    </header>
  );
}

/** The frame around every page: title bar or tab bar at once, the page body when its chunk arrives. */
export function PageFrame({ page }: { page: PageDefinition }) {
  const { t } = useTranslation();
  const title = t(page.titleKey);
  usePageTitle(title);
  const [attempt, setAttempt] = useState(0);
  const Body = page.body.Component;

  return (
    <div className={page.tab ? 'app-page app-page-with-tabs' : 'app-page'}>
      {page.tab ? (
        <header className="app-tab-header">
          <h1>{title}</h1>
          {page.headerAction && <page.headerAction />}
        </header>
      ) : (
        <BackNavBar title={title} parent={page.parent ?? '/'} />
      )}
      <main className="app-page-body">
        <PageErrorBoundary
          key={attempt}
          onRetry={() => {
            page.body.retry();
            setAttempt((n) => n + 1);
          }}
          fallback={(retry) => <LoadError retry={retry} />}
        >
          <Suspense fallback={<DelayedSpinner />}>
            <Body />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {page.tab && <TabBarNav active={page.tab} />}
    </div>
  );
}
