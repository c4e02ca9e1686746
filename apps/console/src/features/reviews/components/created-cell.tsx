import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgeText } from '../../../components/age-text';
import { DateTime, formatDateTime } from '../../../components/date-time';

interface CreatedCellProps {
  createdAt: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
}

/** When a record came, and how long it has waited, or when and by whom it was reviewed. */
export function CreatedCell({ createdAt, reviewedAt, reviewedBy }: CreatedCellProps) {
  const { t } = useTranslation();
  return (
    <>
      <DateTime value={createdAt} />
      <div>
        {reviewedAt === null ? (
          <Typography.Text type="secondary">
            {t('records.age')} <AgeText since={createdAt} />
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('records.reviewed', { at: formatDateTime(reviewedAt), by: reviewedBy ?? '–' })}</Typography.Text>
        )}
      </div>
    </>
  );
}
