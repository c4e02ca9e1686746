import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

export function ComingSoon() {
  const { t } = useTranslation();
  return <EmptyState title={t('empty.comingSoon')} description={t('empty.comingSoonHint')} />;
}
