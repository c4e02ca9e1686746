import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PATHS } from '../../navigation/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState title={t('pages.notFound')} description={t('empty.notFoundHint')}>
      <Button color="primary" onClick={() => navigate(PATHS.home, { replace: true })}>
        {t('common.goHome')}
      </Button>
    </EmptyState>
  );
}
