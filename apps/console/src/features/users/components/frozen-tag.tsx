import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function FrozenTag({ frozen }: { frozen: boolean }) {
  const { t } = useTranslation();
  return frozen ? <Tag color="red">{t('users.frozen')}</Tag> : <Tag color="green">{t('users.active')}</Tag>;
}
