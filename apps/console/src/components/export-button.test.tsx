import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../testing/downloads';
import { ok, renderAs, serve } from '../testing/render';
import { ExportButton } from './export-button';

/** UTC+14 all year: at 10:30 UTC its day is already the next one, whatever the browser's zone. */
const ZONE = 'Pacific/Kiritimati';
const me = ok({ id: 'o1', username: 'finance-operator', role: 'finance', disabled: false, totpEnabled: true, createdAt: 0, totpRequired: false, timeZone: ZONE });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('an export', () => {
  it("offers the last 30 days ending on the server's today, not the browser's", async () => {
    // 10:30 UTC on 1 March is 00:30 on 2 March in the server's zone.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true, now: new Date('2026-03-01T10:30:00Z') });
    const file = '/admin/api/export/orders.csv?from=2026-02-01&to=2026-03-02&projectId=fast3-1m';
    const network = serve({ '/admin/api/me': me, [file]: ok(null) });
    const downloads = catchDownloads();
    renderAs('finance', <ExportButton kind="orders" filters={{ projectId: 'fast3-1m', periodNo: undefined }} />);

    await userEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Download/ }).hasAttribute('disabled')).toBe(false));
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['2026-02-01', '2026-03-02']);
    await userEvent.click(screen.getByRole('button', { name: /Download/ }));

    await waitFor(() => expect(downloads.saved).toEqual(['orders-2026-02-01-2026-03-02.csv']));
    expect(network.calls.map((call) => call.path)).toEqual(['/admin/api/me', file]);
  });
});
