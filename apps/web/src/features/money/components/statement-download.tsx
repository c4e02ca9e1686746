import Button from 'antd-mobile/es/components/button';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The form and its fields are downloaded on the first press, not with the statement.
const StatementDownloadForm = lazy(() => import('./statement-download-form'));

/** The statement as a file: a button that opens the choice of days. */
export function StatementDownload() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open)
    return (
      <Suspense fallback={null}>
        <StatementDownloadForm onClose={() => setOpen(false)} />
      </Suspense>
    );
  return (
    <Button className="app-statement-download" size="small" color="primary" fill="outline" onClick={() => setOpen(true)} data-testid="statement-download">
      {t('money.statement.export.open')}
    </Button>
  );
}
