import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';

export default function HomePage() {
  const { t } = useTranslation();
  return <EmptyState title={t('empty.homeWelcome')} description={t('empty.homeHint')} />;
}
