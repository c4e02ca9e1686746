import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { EmptyState } from './empty-state';

/** A page or part whose data did not come: what went wrong, and a button to ask again. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <EmptyState title={t(notFound ? 'common.notFound' : 'common.loadFailed')} description={error instanceof ApiError ? error.mess : undefined}>
      {!notFound && (
        <Button color="primary" onClick={retry} data-testid="load-retry">
          {t('common.retry')}
        </Button>
      )}
    </EmptyState>
  );
}
