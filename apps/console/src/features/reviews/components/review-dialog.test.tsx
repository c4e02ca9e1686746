import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../../../testing/render';
import { RechargesPage } from './review-queue-page';
import { ReviewDialog } from './review-dialog';

const recharge = {
  orderNo: 'R20261126000001',
  amount: '500.00',
  payAmount: '500.30',
  status: 'review',
  remark: '',
  channel: { id: 'bank-transfer', name: 'Bank transfer', kind: 'bank', details: [] },
  randomDecimal: true,
  voucher: null,
  createdAt: Date.now() - 90 * 60_000,
  reviewedAt: null,
  userId: 'u1',
  username: 'alice',
  reviewedBy: null,
};

const queue = ok({ items: [recharge], total: 1, page: 1, pageSize: 20 });

afterEach(() => vi.unstubAllGlobals());

describe('the review dialog', () => {
  it('refuses only with a remark, in the words the server would use', async () => {
    const onConfirm = vi.fn();
    renderAs('finance', <ReviewDialog orderNo={recharge.orderNo} approve={false} summary="alice 500.30" pending={false} onConfirm={onConfirm} onClose={() => {}} />);

    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Please give the reason for refusing; the user will see it.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Remark'), 'No payment arrived');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(onConfirm).toHaveBeenCalledWith({ approve: false, remark: 'No payment arrived' });
  });

  it('approves without a remark', async () => {
    const onConfirm = vi.fn();
    renderAs('finance', <ReviewDialog orderNo={recharge.orderNo} approve summary="alice 500.30" pending={false} onConfirm={onConfirm} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onConfirm).toHaveBeenCalledWith({ approve: true, remark: '' });
  });
});

describe('reviewing a recharge from the queue', () => {
  it('shows the queue, and keeps the confirm button disabled while the review is on its way, so it is sent once', async () => {
    let arrive: () => void = () => {};
    let reviewed = false;
    const network = serve({
      // Once reviewed, the recharge leaves the queue: its row goes while the answer comes back.
      '/admin/api/recharges': async () => (reviewed ? ok({ items: [], total: 0, page: 1, pageSize: 20 }) : queue),
      '/admin/api/recharges/review': () =>
        new Promise((resolve) => {
          arrive = () => {
            reviewed = true;
            resolve(ok({ ...recharge, status: 'completed', reviewedBy: 'finance-operator', reviewedAt: Date.now() }));
          };
        }),
    });
    renderAs('finance', <RechargesPage />, '/recharges');

    const row = (await screen.findByText('alice')).closest('tr')!;
    expect(within(row).getByText('500.30')).toBeTruthy();
    expect(within(row).getByText('1 h 30 min')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: /Approve/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve R20261126000001?')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: /Approve/ });
    await userEvent.click(confirm);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Approve/ }).hasAttribute('disabled')).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: /Approve/ }));

    expect(network.callsTo('/admin/api/recharges/review')).toEqual([
      { path: '/admin/api/recharges/review', body: { orderNo: 'R20261126000001', approve: true, remark: '' } },
    ]);
    arrive();
    expect(await screen.findByText('R20261126000001 approved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('alice')).toBeNull());
  });

  it('shows no review buttons to a role that may not review', async () => {
    serve({ '/admin/api/recharges': queue });
    renderAs('support', <RechargesPage />, '/recharges');
    await screen.findByText('alice');
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });
});
