import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPORT_ROLES, OPERATOR_ROLES, mayCall } from '@wallet/contract/core';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../../testing/downloads';
import { ok, renderAs, serve } from '../../../testing/render';
import { StatementTable } from './statement-table';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const list = { page: 1, pageSize: 20, setPage: () => {} };
const statement = ok({
  items: [{ id: 'e1', kind: 'adjustment', amount: '25.00', balanceAfter: '125.00', frozen: '0.00', coin: 0, reference: 'adj-1', memo: 'Promotion', createdAt: 0 }],
  total: 1,
  page: 1,
  pageSize: 20,
});

/** Every role that sees a user's statement; whether it may export it is the contract's EXPORT_ROLES, whatever that says. */
const READERS = OPERATOR_ROLES.filter((role) => mayCall(role, '/admin/api/users/statement'));
const mayExport = (role: string) => (EXPORT_ROLES.statement as readonly string[]).includes(role);

describe("a user's statement", () => {
  it.each(READERS)('shows %s the CSV export exactly when EXPORT_ROLES lets that role export a statement', async (role) => {
    serve({ '/admin/api/users/statement': statement });
    renderAs(role, <StatementTable userId="u1" list={list} />);
    expect(await screen.findByText('Promotion')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Export CSV/ }) !== null).toBe(mayExport(role));
  });

  it("downloads the user's statement for the chosen days", async () => {
    const [from, to] = [dayjs().subtract(29, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')];
    const file = `/admin/api/export/statement.csv?from=${from}&to=${to}&userId=u1`;
    const network = serve({ '/admin/api/users/statement': statement, [file]: ok(null) });
    const downloads = catchDownloads();
    renderAs(EXPORT_ROLES.statement[0], <StatementTable userId="u1" list={list} />);

    await userEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Download/ }));

    await waitFor(() => expect(downloads.saved).toEqual([`statement-${from}-${to}.csv`]));
    expect(network.callsTo(file)).toHaveLength(1);
  });
});
