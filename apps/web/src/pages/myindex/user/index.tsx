import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../routes/paths';

const MENU = [
  { path: PATHS.assets, titleKey: 'pages.assets' },
  { path: PATHS.recharge, titleKey: 'pages.recharge' },
  { path: PATHS.withdraw, titleKey: 'pages.withdraw' },
  { path: PATHS.rechargeRecords, titleKey: 'pages.rechargeRecords' },
  { path: PATHS.withdrawRecords, titleKey: 'pages.withdrawRecords' },
  { path: PATHS.orderRecords, titleKey: 'pages.orderRecords' },
  { path: PATHS.notices, titleKey: 'pages.notices' },
  { path: PATHS.feedback, titleKey: 'pages.feedback' },
  { path: PATHS.settings, titleKey: 'pages.settings' },
];

export default function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List className="app-section">
      {MENU.map((item) => (
        <List.Item key={item.path} onClick={() => navigate(item.path)} arrowIcon>
          {t(item.titleKey)}
        </List.Item>
      ))}
    </List>
  );
}
