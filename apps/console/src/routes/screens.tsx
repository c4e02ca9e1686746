import {
  AuditOutlined,
  CommentOutlined,
  DashboardOutlined,
  DiffOutlined,
  FileTextOutlined,
  FundOutlined,
  IdcardOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
  UserAddOutlined,
  WalletOutlined,
  ExportOutlined,
  FieldTimeOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { ScreenKey } from './paths';

export type MenuGroup = 'overview' | 'money' | 'people' | 'game' | 'content' | 'system';

/** The menu, in order: each screen under its group, with its icon. */
export const MENU: { group: MenuGroup; screens: { key: ScreenKey; icon: ReactNode }[] }[] = [
  { group: 'overview', screens: [{ key: 'dashboard', icon: <DashboardOutlined /> }] },
  {
    group: 'money',
    screens: [
      { key: 'recharges', icon: <WalletOutlined /> },
      { key: 'withdrawals', icon: <ExportOutlined /> },
      { key: 'adjustments', icon: <DiffOutlined /> },
      { key: 'ledger', icon: <SafetyCertificateOutlined /> },
    ],
  },
  {
    group: 'people',
    screens: [
      { key: 'users', icon: <UserOutlined /> },
      { key: 'invites', icon: <UserAddOutlined /> },
      { key: 'outbox', icon: <MailOutlined /> },
    ],
  },
  {
    group: 'game',
    screens: [
      { key: 'projects', icon: <FundOutlined /> },
      { key: 'periods', icon: <FieldTimeOutlined /> },
      { key: 'orders', icon: <UnorderedListOutlined /> },
    ],
  },
  {
    group: 'content',
    screens: [
      { key: 'content', icon: <FileTextOutlined /> },
      { key: 'feedback', icon: <CommentOutlined /> },
    ],
  },
  {
    group: 'system',
    screens: [
      { key: 'settings', icon: <SettingOutlined /> },
      { key: 'operators', icon: <TeamOutlined /> },
      { key: 'audit', icon: <AuditOutlined /> },
      { key: 'account', icon: <IdcardOutlined /> },
    ],
  },
];

