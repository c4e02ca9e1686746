import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../../../testing/render';
import { AdjustmentsPage } from './adjustments-page';

const NO_ADJUSTMENTS = ok({ items: [], total: 0, page: 1, pageSize: 20 });

const raise = (id: string, proposedBy: string) => ({
  id,
  amount: '100000.00',
  current: '1000.00',
  status: 'pending',
  proposedBy,
  proposedAt: Date.now() - 5 * 60_000,
  decidedBy: null,
  decidedAt: null,
  remark: '',
});

afterEach(() => vi.unstubAllGlobals());

describe('the pending adjustments page', () => {
  it('shows an admin the approval threshold raises another admin proposed, to approve once confirmed; its own only as its own', async () => {
    const network = serve({
      '/admin/api/adjustments/pending': NO_ADJUSTMENTS,
      '/admin/api/settings/threshold/pending': ok({ items: [raise('r-own', 'admin-operator'), raise('r-other', 'second-admin')], total: 2, page: 1, pageSize: 50 }),
      '/admin/api/settings/threshold/approve': ok({ ...raise('r-other', 'second-admin'), status: 'approved', current: '100000.00', decidedBy: 'admin-operator', decidedAt: Date.now() }),
    });
    renderAs('admin', <AdjustmentsPage />, '/adjustments');

    const raises = await screen.findByTestId('threshold-raises');
    const own = within(raises).getAllByRole('row').find((row) => row.textContent?.includes('admin-operator'))!;
    expect(within(own).getByText('Yours: another operator decides')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();

    const other = within(raises).getAllByRole('row').find((row) => row.textContent?.includes('second-admin'))!;
    expect(other.textContent).toContain('1,000.00');
    expect(other.textContent).toContain('100,000.00');
    await userEvent.click(within(other).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Raise the approval threshold now?')).toBeTruthy();
    expect(network.callsTo('/admin/api/settings/threshold/approve')).toEqual([]);
    await userEvent.click(within(document.querySelector('.ant-popconfirm')! as HTMLElement).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(network.callsTo('/admin/api/settings/threshold/approve')).toEqual([{ path: '/admin/api/settings/threshold/approve', body: { id: 'r-other' } }]));
    expect(await screen.findByText('Approved: the threshold is raised.')).toBeTruthy();
  });

  it('does not ask for threshold raises for a finance operator: they are for admins', async () => {
    const network = serve({ '/admin/api/adjustments/pending': NO_ADJUSTMENTS });
    renderAs('finance', <AdjustmentsPage />, '/adjustments');
    await waitFor(() => expect(network.callsTo('/admin/api/adjustments/pending')).toHaveLength(1));
    expect(network.callsTo('/admin/api/settings/threshold/pending')).toEqual([]);
    expect(screen.queryByTestId('threshold-raises')).toBeNull();
  });
});
