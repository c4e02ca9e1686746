import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../../../testing/render';
import { AdjustmentForm } from './adjustment-form';

afterEach(() => vi.unstubAllGlobals());

async function adjust(amount: string, reason: string) {
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  if (reason) await userEvent.type(screen.getByLabelText('Reason'), reason);
  await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
}

describe('the adjustment form', () => {
  it('checks the amount with the contract before sending anything', async () => {
    const network = serve({});
    renderAs('finance', <AdjustmentForm userId="u1" />);

    await adjust('12.345', 'Goodwill');
    expect(await screen.findByText('An amount can have at most two decimals.')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Amount'));
    await adjust('ten', '');
    expect(await screen.findByText('Enter an amount such as 12.50.')).toBeTruthy();
    expect(network.calls).toEqual([]);
  });

  it('says a large adjustment waits for a second operator when the server only proposes it', async () => {
    const network = serve({
      '/admin/api/users/adjust': ok({ status: 'proposed', userId: 'u1', account: 'available', amount: '-1500.00', balance: '2000.00', transferId: null, adjustmentId: 'a1' }),
    });
    renderAs('finance', <AdjustmentForm userId="u1" />);

    await adjust('-1500.00', 'Reversal of a duplicate recharge');

    expect(await screen.findByText('Proposed: -1500.00 waits for a second operator.')).toBeTruthy();
    expect(screen.getByText(/no money moves until another admin or finance operator approves it/)).toBeTruthy();
    const [sent] = network.callsTo('/admin/api/users/adjust');
    expect(sent?.body).toMatchObject({ userId: 'u1', account: 'available', amount: '-1500.00', reason: 'Reversal of a duplicate recharge' });
    expect((sent?.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('shows the balance after an adjustment that was done at once', async () => {
    serve({
      '/admin/api/users/adjust': ok({ status: 'done', userId: 'u1', account: 'available', amount: '25.00', balance: '125.00', transferId: 't1', adjustmentId: null }),
    });
    renderAs('finance', <AdjustmentForm userId="u1" />);
    await adjust('25', 'Promotion');
    expect(await screen.findByText('Done: 25.00 moved; the balance is now 125.00.')).toBeTruthy();
  });
});
