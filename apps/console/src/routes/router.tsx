import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { ConsoleLayout } from './console-layout';
import { ScreenLoading } from './screen-loading';
import { FirstScreen } from './first-screen';
import { NotFoundPage } from './not-found-page';
import { PATHS } from './paths';
import { RequireSession } from './require-session';

/** A screen loaded when first opened: operators of one role never download the others' screens. */
function lazyScreen(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

export const CONSOLE_BASENAME = '/console';

export const router = createBrowserRouter(
  [
    { path: PATHS.signIn, Component: SignInPage },
    {
      path: '/',
      HydrateFallback: ScreenLoading,
      element: (
        <RequireSession>
          <ConsoleLayout />
        </RequireSession>
      ),
      children: [
        { index: true, Component: FirstScreen },
        lazyScreen(PATHS.dashboard, async () => (await import('../features/dashboard/components/dashboard-page')).DashboardPage),
        lazyScreen(PATHS.recharges, async () => (await import('../features/reviews/components/recharges-page')).RechargesPage),
        lazyScreen(PATHS.withdrawals, async () => (await import('../features/reviews/components/withdrawals-page')).WithdrawalsPage),
        lazyScreen(PATHS.adjustments, async () => (await import('../features/adjustments/components/adjustments-page')).AdjustmentsPage),
        lazyScreen(PATHS.users, async () => (await import('../features/users/components/users-page')).UsersPage),
        lazyScreen(PATHS.userDetail, async () => (await import('../features/users/components/user-detail-page')).UserDetailPage),
        lazyScreen(PATHS.orders, async () => (await import('../features/game/components/orders-page')).OrdersPage),
        lazyScreen(PATHS.projects, async () => (await import('../features/game/components/projects-page')).ProjectsPage),
        lazyScreen(PATHS.periods, async () => (await import('../features/game/components/periods-page')).PeriodsPage),
        lazyScreen(PATHS.content, async () => (await import('../features/content/components/content-page')).ContentPage),
        lazyScreen(PATHS.feedback, async () => (await import('../features/feedback/components/feedback-page')).FeedbackPage),
        lazyScreen(PATHS.settings, async () => (await import('../features/settings/components/settings-page')).SettingsPage),
        lazyScreen(PATHS.invites, async () => (await import('../features/invites/components/invites-page')).InvitesPage),
        lazyScreen(PATHS.outbox, async () => (await import('../features/outbox/components/outbox-page')).OutboxPage),
        lazyScreen(PATHS.audit, async () => (await import('../features/audit/components/audit-page')).AuditPage),
        lazyScreen(PATHS.ledger, async () => (await import('../features/ledger/components/ledger-page')).LedgerPage),
        lazyScreen(PATHS.operators, async () => (await import('../features/operators/components/operators-page')).OperatorsPage),
        lazyScreen(PATHS.account, async () => (await import('../features/account/components/account-page')).AccountPage),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ],
  { basename: CONSOLE_BASENAME },
);
