import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';

/** A read that failed: the server's words, and a way to ask again. */
export function QueryError({ error, onRetry }: { error: Error | null; onRetry?: () => unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={isApiError(error) ? error.mess : t('errors.unexpected')}
      action={onRetry ? <Button size="small" onClick={() => void onRetry()}>{t('actions.retry')}</Button> : undefined}
    />
  );
}
