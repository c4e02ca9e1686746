import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../../testing/downloads';
import { ok, renderAs, serve } from '../../../testing/render';
import { AuditPage } from './audit-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** 60 operators: more than the contract's largest page of 50. */
const OPERATORS = Array.from({ length: 60 }, (_, index) => ({
  id: `o${index + 1}`,
  username: `operator-${index + 1}`,
  role: 'support',
  disabled: false,
  totpEnabled: true,
  createdAt: index,
}));

function serveAudit(extra: Parameters<typeof serve>[0] = {}) {
  const network = serve({
    '/admin/api/audit': ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    '/admin/api/operators': async () => {
      const { page, pageSize } = network.calls.at(-1)!.body as { page: number; pageSize: number };
      return ok({ items: OPERATORS.slice((page - 1) * pageSize, page * pageSize), total: OPERATORS.length, page, pageSize });
    },
    ...extra,
  });
  return network;
}

describe('the audit log', () => {
  it('offers every operator, reading their pages until all are there', async () => {
    const network = serveAudit();
    // The operator chosen is on the second page.
    renderAs('admin', <AuditPage />, '/audit?operatorId=o55');

    expect(await screen.findByText('operator-55')).toBeTruthy();
    expect(network.callsTo('/admin/api/operators').map((call) => call.body)).toEqual([
      { page: 1, pageSize: 50 },
      { page: 2, pageSize: 50 },
    ]);
  });

  it("exports what the page shows: its operator, its action and its days", async () => {
    const file = '/admin/api/export/audit.csv?from=2026-01-05&to=2026-01-20&operatorId=o55&action=operator.save';
    const network = serveAudit({ [file]: ok(null) });
    const downloads = catchDownloads();
    renderAs('admin', <AuditPage />, '/audit?operatorId=o55&action=operator.save&from=2026-01-05&to=2026-01-20');

    await userEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Download/ }));

    await waitFor(() => expect(downloads.saved).toEqual(['audit-2026-01-05-2026-01-20.csv']));
    expect(network.calls.filter((call) => call.path.startsWith('/admin/api/export/')).map((call) => call.path)).toEqual([file]);
  });
});
