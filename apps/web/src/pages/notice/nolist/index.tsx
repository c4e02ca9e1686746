import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export default function NoticeListPage() {
  const { t } = useTranslation();
  return <EmptyState title={t('empty.noNotices')} />;
}
