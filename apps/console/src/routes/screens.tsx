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
  RetweetOutlined,
  UnorderedListOutlined,
  UserOutlined,
  UserAddOutlined,
  WalletOutlined,
  ExportOutlined,
  FieldTimeOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import type { OperatorCallPath } from '@wallet/contract/core';
import type { ComponentType, ReactNode } from 'react';
import { useMayCall } from '../components/use-may-call';
import { PATHS, type ScreenKey } from '../navigation/paths';

export type MenuGroup = 'overview' | 'money' | 'people' | 'game' | 'content' | 'system';

/** The menu's groups, top to bottom. */
const MENU_GROUPS: readonly MenuGroup[] = ['overview', 'money', 'people', 'game', 'content', 'system'];

/** Sign-in is public and stands outside the console's frame, so the router places it itself. */
export type FramedScreenKey = Exclude<ScreenKey, 'signIn'>;

export interface Screen {
  key: FramedScreenKey;
  path: string;
  /** The call the screen is built on: an operator whose role may not make it does not see the screen. */
  call: OperatorCallPath;
  group: MenuGroup | null;
  icon: ReactNode;
  /** Loaded when first opened: operators of one role never download the others' screens. */
  load: () => Promise<ComponentType>;
}

const screen = (key: FramedScreenKey, rest: Omit<Screen, 'key' | 'path'>): Screen => ({ key, path: PATHS[key], ...rest });

/** Every screen inside the console's frame, in menu order; `group: null` is opened by a link, never from the menu (a user's detail). */
export const SCREENS: readonly Screen[] = [
  screen('dashboard', {
    call: '/admin/api/dashboard',
    group: 'overview',
    icon: <DashboardOutlined />,
    load: async () => (await import('../features/dashboard/components/dashboard-page')).DashboardPage,
  }),
  screen('recharges', {
    call: '/admin/api/recharges',
    group: 'money',
    icon: <WalletOutlined />,
    load: async () => (await import('../features/reviews/components/review-queue-page')).RechargesPage,
  }),
  screen('withdrawals', {
    call: '/admin/api/withdrawals',
    group: 'money',
    icon: <ExportOutlined />,
    load: async () => (await import('../features/reviews/components/review-queue-page')).WithdrawalsPage,
  }),
  screen('adjustments', {
    call: '/admin/api/adjustments/pending',
    group: 'money',
    icon: <DiffOutlined />,
    load: async () => (await import('../features/adjustments/components/adjustments-page')).AdjustmentsPage,
  }),
  screen('ledger', {
    call: '/admin/api/ledger/verify',
    group: 'money',
    icon: <SafetyCertificateOutlined />,
    load: async () => (await import('../features/ledger/components/ledger-page')).LedgerPage,
  }),
  screen('users', {
    call: '/admin/api/users',
    group: 'people',
    icon: <UserOutlined />,
    load: async () => (await import('../features/users/components/users-page')).UsersPage,
  }),
  screen('userDetail', {
    call: '/admin/api/users/detail',
    group: null,
    icon: null,
    load: async () => (await import('../features/users/components/user-detail-page')).UserDetailPage,
  }),
  screen('invites', {
    call: '/admin/api/invites/create',
    group: 'people',
    icon: <UserAddOutlined />,
    load: async () => (await import('../features/invites/components/invites-page')).InvitesPage,
  }),
  screen('outbox', {
    call: '/admin/api/outbox',
    group: 'people',
    icon: <MailOutlined />,
    load: async () => (await import('../features/outbox/components/outbox-page')).OutboxPage,
  }),
  screen('projects', {
    call: '/admin/api/projects',
    group: 'game',
    icon: <FundOutlined />,
    load: async () => (await import('../features/game/components/projects-page')).ProjectsPage,
  }),
  screen('periods', {
    call: '/admin/api/periods',
    group: 'game',
    icon: <FieldTimeOutlined />,
    load: async () => (await import('../features/game/components/periods-page')).PeriodsPage,
  }),
  screen('orders', {
    call: '/admin/api/orders',
    group: 'game',
    icon: <UnorderedListOutlined />,
    load: async () => (await import('../features/game/components/orders-page')).OrdersPage,
  }),
  screen('chases', {
    call: '/admin/api/chases',
    group: 'game',
    icon: <RetweetOutlined />,
    load: async () => (await import('../features/game/components/chases-page')).ChasesPage,
  }),
  screen('fairness', {
    call: '/admin/api/fairness',
    group: 'game',
    icon: <SafetyOutlined />,
    load: async () => (await import('../features/game/components/fairness-page')).FairnessPage,
  }),
  screen('content', {
    call: '/admin/api/content/list',
    group: 'content',
    icon: <FileTextOutlined />,
    load: async () => (await import('../features/content/components/content-page')).ContentPage,
  }),
  screen('feedback', {
    call: '/admin/api/feedback',
    group: 'content',
    icon: <CommentOutlined />,
    load: async () => (await import('../features/feedback/components/feedback-page')).FeedbackPage,
  }),
  screen('settings', {
    call: '/admin/api/settings',
    group: 'system',
    icon: <SettingOutlined />,
    load: async () => (await import('../features/settings/components/settings-page')).SettingsPage,
  }),
  screen('operators', {
    call: '/admin/api/operators',
    group: 'system',
    icon: <TeamOutlined />,
    load: async () => (await import('../features/operators/components/operators-page')).OperatorsPage,
  }),
  screen('audit', {
    call: '/admin/api/audit',
    group: 'system',
    icon: <AuditOutlined />,
    load: async () => (await import('../features/audit/components/audit-page')).AuditPage,
  }),
  screen('account', {
    call: '/admin/api/me',
    group: 'system',
    icon: <IdcardOutlined />,
    load: async () => (await import('../features/account/components/account-page')).AccountPage,
  }),
];

/** The menu: its groups in order, each with the screens `shown` keeps; a group left empty is left out. */
export const menuOf = (shown: (entry: Screen) => boolean) =>
  MENU_GROUPS.map((group) => ({ group, screens: SCREENS.filter((entry) => entry.group === group && shown(entry)) })).filter(({ screens }) => screens.length > 0);

/** Whether the signed-in operator may see a screen: their role may make the call it is built on. */
export function useMaySeeScreen(): (entry: Screen) => boolean {
  const mayCall = useMayCall();
  return ({ call }) => mayCall(call);
}
