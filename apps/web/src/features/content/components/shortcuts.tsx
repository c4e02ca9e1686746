import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCustomerServiceSheet } from '../../customer-service';
import { PATHS } from '../../../navigation/paths';

function ShortcutFace({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className="app-shortcut-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="app-shortcut-label">{label}</span>
    </>
  );
}

/** What people come for most: money in, money out, their orders, and help. */
export function Shortcuts() {
  const { t } = useTranslation();
  const customerService = useCustomerServiceSheet();
  const links = [
    { path: PATHS.recharge, label: t('pages.recharge'), icon: <CollectMoneyOutline />, testId: 'shortcut-recharge' },
    { path: PATHS.withdraw, label: t('pages.withdraw'), icon: <BankcardOutline />, testId: 'shortcut-withdraw' },
    { path: PATHS.orderRecords, label: t('pages.orderRecords'), icon: <UnorderedListOutline />, testId: 'shortcut-orders' },
  ];
  return (
    <nav className="app-shortcuts" aria-label={t('home.shortcuts')}>
      {links.map((link) => (
        <Link key={link.path} to={link.path} className="app-shortcut" data-testid={link.testId}>
          <ShortcutFace icon={link.icon} label={link.label} />
        </Link>
      ))}
      <button type="button" className="app-shortcut" onClick={customerService.show} data-testid="shortcut-kefu">
        <ShortcutFace icon={<UserContactOutline />} label={t('kefu.title')} />
      </button>
      {customerService.sheet}
    </nav>
  );
}
