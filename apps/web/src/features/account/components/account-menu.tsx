import List from 'antd-mobile/es/components/list';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import KeyOutline from 'antd-mobile-icons/es/KeyOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PieOutline from 'antd-mobile-icons/es/PieOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CustomerServiceItem } from '../../customer-service';
import { UnreadCount, UnreadDot } from '../../../components/unread-badge';
import { PATHS } from '../../../navigation/paths';

/** What is new for the signed-in user, from the home page's answer. */
export interface UnreadMarks {
  notices?: number | undefined;
  replies?: number | undefined;
}

interface MenuEntry {
  path: string;
  titleKey: string;
  icon: ReactNode;
  /** Which unread mark shows beside it. */
  mark?: keyof UnreadMarks;
  testId?: string;
}

interface MenuGroup {
  entries: MenuEntry[];
  /** Customer service is a sheet, not a page: it ends its group. */
  withCustomerService?: boolean;
}

/** Every personal page, grouped: money (with the player's limits on it), records, help, account. */
const GROUPS: MenuGroup[] = [
  {
    entries: [
      { path: PATHS.assets, titleKey: 'pages.assets', icon: <PieOutline /> },
      { path: PATHS.recharge, titleKey: 'pages.recharge', icon: <CollectMoneyOutline /> },
      { path: PATHS.withdraw, titleKey: 'pages.withdraw', icon: <BankcardOutline /> },
      { path: PATHS.protection, titleKey: 'pages.protection', icon: <CheckShieldOutline />, testId: 'menu-protection' },
    ],
  },
  {
    entries: [
      { path: PATHS.rechargeRecords, titleKey: 'pages.rechargeRecords', icon: <FileOutline /> },
      { path: PATHS.withdrawRecords, titleKey: 'pages.withdrawRecords', icon: <ClockCircleOutline /> },
      { path: PATHS.statement, titleKey: 'pages.statement', icon: <BillOutline /> },
      { path: PATHS.orderRecords, titleKey: 'pages.orderRecords', icon: <UnorderedListOutline /> },
    ],
  },
  {
    entries: [
      { path: PATHS.noticeList, titleKey: 'pages.notices', icon: <BellOutline />, mark: 'notices', testId: 'menu-notices' },
      { path: PATHS.feedback, titleKey: 'pages.feedback', icon: <MessageOutline />, mark: 'replies', testId: 'menu-feedback' },
      { path: PATHS.about, titleKey: 'pages.about', icon: <InformationCircleOutline />, testId: 'menu-about' },
    ],
    withCustomerService: true,
  },
  {
    entries: [
      { path: PATHS.settings, titleKey: 'pages.settings', icon: <AppstoreOutline /> },
      { path: PATHS.loginPassword, titleKey: 'pages.loginPassword', icon: <LockOutline /> },
      { path: PATHS.payPassword, titleKey: 'pages.payPassword', icon: <KeyOutline /> },
      { path: PATHS.contact, titleKey: 'pages.contact', icon: <MailOutline />, testId: 'menu-contact' },
    ],
  },
];

function Mark({ kind, marks }: { kind: keyof UnreadMarks | undefined; marks: UnreadMarks }) {
  const { t } = useTranslation();
  if (kind === 'notices') return <UnreadCount count={marks.notices} label={t('notice.unreadCount', { count: marks.notices ?? 0 })} testId="unread-notices" />;
  if (kind === 'replies' && (marks.replies ?? 0) > 0) return <UnreadDot label={t('feedback.newReply')} testId="unread-replies" />;
  return null;
}

export function AccountMenu({ marks }: { marks: UnreadMarks }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      {GROUPS.map((group, index) => (
        <List key={index} mode="card" className="app-menu">
          {group.entries.map((entry) => (
            <List.Item
              key={entry.path}
              prefix={entry.icon}
              extra={<Mark kind={entry.mark} marks={marks} />}
              onClick={() => void navigate(entry.path)}
              arrowIcon
              data-testid={entry.testId}
            >
              {t(entry.titleKey)}
            </List.Item>
          ))}
          {group.withCustomerService && <CustomerServiceItem prefix={<UserContactOutline />} />}
        </List>
      ))}
    </>
  );
}
