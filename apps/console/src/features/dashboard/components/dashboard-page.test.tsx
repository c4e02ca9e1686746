import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

/** UTC+14 all year: its day starts ten hours before UTC's, so it differs from the browser's day of any test machine but one there. */
const ZONE = 'Pacific/Kiritimati';
const DASHBOARD = '/admin/api/dashboard';

const me = (timeZone?: string) => ok({ id: 'o1', username: 'finance-operator', role: 'finance', disabled: false, totpEnabled: true, createdAt: 0, totpRequired: false, timeZone });

const figures = { recharged: '0.00', withdrawn: '0.00', ordered: '0.00', paidOut: '0.00', houseResult: '0.00', fees: '0.00', newUsers: 0, activeUsers: 0 };
const queue = { count: 0, oldestAt: null };
const dashboardAnswer = (lateDraws: unknown[] = []) =>
  ok({ timeZone: ZONE, days: [], total: figures, queues: { recharges: queue, withdrawals: queue, adjustments: queue, feedback: queue }, lateDraws });
const answer = dashboardAnswer();

/** The days the page asked the dashboard for, each once. */
const askedDays = (network: ReturnType<typeof serve>) => [...new Set(network.callsTo(DASHBOARD).map((call) => JSON.stringify(call.body)))].map((body) => JSON.parse(body));

/** The clock of the page (Date and intervals) is the test's; timeouts stay real, for Testing Library's waiting. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true, now: new Date(iso) });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the dashboard', () => {
  it("counts today and the last 14 days in the server's time zone, not the browser's", async () => {
    // 10:30 UTC on 1 March is already 00:30 on 2 March in the server's zone.
    clockAt('2026-03-01T10:30:00Z');
    const network = serve({ '/admin/api/me': me(ZONE), [DASHBOARD]: answer });
    renderAs('finance', <DashboardPage />, '/dashboard');

    expect((await screen.findByTestId('today-date')).textContent).toBe(`2026-03-02 in ${ZONE}`);
    expect(screen.getByTestId('range-time-zone').textContent).toBe(`Days in ${ZONE}`);
    await waitFor(() =>
      expect(askedDays(network)).toEqual([
        { from: '2026-03-02', to: '2026-03-02' },
        { from: '2026-02-17', to: '2026-03-02' },
      ]),
    );
    // Nothing was asked before the server said its time zone.
    expect(network.calls[0]?.path).toBe('/admin/api/me');
  });

  it('moves on to the next day when the page stays open past midnight', async () => {
    clockAt('2026-03-02T09:59:30Z');
    const network = serve({ '/admin/api/me': me(ZONE), [DASHBOARD]: answer });
    renderAs('finance', <DashboardPage />, '/dashboard');
    expect((await screen.findByTestId('today-date')).textContent).toBe(`2026-03-02 in ${ZONE}`);

    // A minute later it is past midnight in the server's zone.
    act(() => vi.advanceTimersByTime(60_000));

    expect((await screen.findByTestId('today-date')).textContent).toBe(`2026-03-03 in ${ZONE}`);
    await waitFor(() =>
      expect(askedDays(network)).toEqual(
        expect.arrayContaining([
          { from: '2026-03-03', to: '2026-03-03' },
          { from: '2026-02-18', to: '2026-03-03' },
        ]),
      ),
    );
  });

  it('keeps the range the operator chose', async () => {
    clockAt('2026-03-01T10:30:00Z');
    const network = serve({ '/admin/api/me': me(ZONE), [DASHBOARD]: answer });
    renderAs('finance', <DashboardPage />, '/dashboard?from=2026-01-01&to=2026-01-31');
    await waitFor(() =>
      expect(askedDays(network)).toEqual([
        { from: '2026-03-02', to: '2026-03-02' },
        { from: '2026-01-01', to: '2026-01-31' },
      ]),
    );
  });

  it("counts in the browser's time zone when the server does not say its own", async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    serve({ '/admin/api/me': me(undefined), [DASHBOARD]: answer });
    renderAs('finance', <DashboardPage />, '/dashboard');
    expect((await screen.findByTestId('range-time-zone')).textContent).toBe(`Days in ${browserZone}`);
  });

  it('raises an alert naming each late draw, how late and whether it waits for the beacon, with a link to the fairness page', async () => {
    serve({
      '/admin/api/me': me(ZONE),
      [DASHBOARD]: dashboardAnswer([
        { projectId: 'fast3-1m', projectName: 'Fast 3 · 1 min', periodNo: '202603020712', drawsAt: 0, lateSeconds: 42, waitingForBeacon: true },
        { projectId: 'fast3-3m', projectName: 'Fast 3 · 3 min', periodNo: '202603020238', drawsAt: 0, lateSeconds: 185, waitingForBeacon: false },
      ]),
    });
    renderAs('finance', <DashboardPage />, '/dashboard');

    const alert = await screen.findByTestId('late-draws');
    expect(alert.className).toContain('ant-alert-error');
    expect(alert.textContent).toContain('Draws late now: 2');
    const [waiting, stuck] = within(alert).getAllByTestId('late-draw').map((item) => item.textContent);
    expect(waiting).toBe(
      'Fast 3 · 1 min, period 202603020712: 42 s past its draw time. It waits for its beacon round: it becomes void with full refunds if the round does not come within the timeout.',
    );
    expect(stuck).toBe("Fast 3 · 3 min, period 202603020238: 3 min past its draw time. It does not wait for the beacon: check that the server's draws are running.");
    expect(within(alert).getByRole('link', { name: 'Open the fairness page' }).getAttribute('href')).toBe('/fairness');
  });

  it('warns, rather than alarms, when every late draw waits for the beacon', async () => {
    serve({
      '/admin/api/me': me(ZONE),
      [DASHBOARD]: dashboardAnswer([{ projectId: 'fast3-1m', projectName: 'Fast 3 · 1 min', periodNo: '202603020712', drawsAt: 0, lateSeconds: 20, waitingForBeacon: true }]),
    });
    renderAs('finance', <DashboardPage />, '/dashboard');
    expect((await screen.findByTestId('late-draws')).className).toContain('ant-alert-warning');
  });

  it('shows no late-draw alert when every draw is on time', async () => {
    serve({ '/admin/api/me': me(ZONE), [DASHBOARD]: answer });
    renderAs('finance', <DashboardPage />, '/dashboard');
    await screen.findByTestId('today-figures');
    expect(screen.queryByTestId('late-draws')).toBeNull();
  });
});
