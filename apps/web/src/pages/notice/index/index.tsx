import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

export default function NoticeIndexPage() {
  const { t } = useTranslation();
  return <EmptyState title={t('empty.noNotices')} />;
}
