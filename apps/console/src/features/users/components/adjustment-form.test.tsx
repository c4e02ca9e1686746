import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../../../testing/render';
import { AdjustmentForm } from './adjustment-form';

afterEach(() => vi.unstubAllGlobals());

const ADJUST = '/admin/api/users/adjust';

async function fill(amount: string, reason: string, account?: string) {
  if (account) await userEvent.click(screen.getByRole('radio', { name: account }));
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  if (reason) await userEvent.type(screen.getByLabelText('Reason'), reason);
  await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
}

/** Fills the form, then confirms in the dialog that asks to check it. */
async function adjust(amount: string, reason: string) {
  await fill(amount, reason);
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send the adjustment' }));
}

/** What the confirmation shows, row by row. */
async function confirmation() {
  const shown = await screen.findByTestId('adjustment-confirmation');
  return within(shown)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

const done = (amount: string, balance: string) => ok({ status: 'done', userId: 'u1', account: 'available', amount, balance, transferId: 't1', adjustmentId: null });

describe('the adjustment form', () => {
  it('checks the amount with the contract before asking anything or sending anything', async () => {
    const network = serve({});
    renderAs('finance', <AdjustmentForm userId="u1" username="alice" />);

    await fill('12.345', 'Goodwill');
    expect(await screen.findByText('An amount can have at most two decimals.')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Amount'));
    await fill('ten', '');
    expect(await screen.findByText('Enter an amount such as 12.50.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.calls).toEqual([]);
  });

  it('shows the user, the account, the signed amount and the reason, and sends nothing until confirmed', async () => {
    const network = serve({ [ADJUST]: done('-5.00', '95.00') });
    renderAs('finance', <AdjustmentForm userId="u1" username="alice" />);

    await fill('-5', 'Duplicate bonus');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Check this adjustment before it is sent')).toBeTruthy();
    expect(await confirmation()).toEqual(['Useralice u1', 'AccountBalance', 'Amount-5.00', 'ReasonDuplicate bonus']);
    expect(network.calls).toEqual([]);

    // Going back sends nothing; the form keeps what was typed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls).toEqual([]);
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('-5');

    await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send the adjustment' }));
    expect(await screen.findByText('Done: -5.00 moved; the balance is now 95.00.')).toBeTruthy();
    expect(network.callsTo(ADJUST).map((call) => call.body)).toEqual([
      { userId: 'u1', account: 'available', amount: '-5', reason: 'Duplicate bonus', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('signs an addition with a plus, and credit points as whole numbers', async () => {
    serve({});
    renderAs('finance', <AdjustmentForm userId="u1" username="alice" />);
    await fill('25', 'Promotion');
    expect(await confirmation()).toEqual(['Useralice u1', 'AccountBalance', 'Amount+25.00', 'ReasonPromotion']);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('radio', { name: 'Credit points' }));
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(await confirmation()).toEqual(['Useralice u1', 'AccountCredit points', 'Amount+40', 'ReasonPromotion']);
  });

  it('keeps the confirm button disabled while the adjustment is on its way, so it is sent once', async () => {
    let arrive: () => void = () => {};
    const network = serve({
      [ADJUST]: () =>
        new Promise((resolve) => {
          arrive = () => resolve(done('25.00', '125.00'));
        }),
    });
    renderAs('finance', <AdjustmentForm userId="u1" username="alice" />);

    await fill('25', 'Promotion');
    const dialog = await screen.findByRole('dialog');
    const send = () => within(dialog).getByRole('button', { name: /Send the adjustment/ });
    // Two clicks at once: the second comes before the button can show it is busy.
    fireEvent.click(send());
    fireEvent.click(send());
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(true));
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(send());
    expect(network.callsTo(ADJUST)).toHaveLength(1);

    arrive();
    expect(await screen.findByText('Done: 25.00 moved; the balance is now 125.00.')).toBeTruthy();
    expect(network.callsTo(ADJUST)).toHaveLength(1);
  });

  it('sends a retry of the same adjustment with the same request id, and a changed one with a new id', async () => {
    let answers = 0;
    const network = serve({
      [ADJUST]: async () =>
        (answers += 1) === 1 ? { status: 503, envelope: { code: 503, mess: 'The server is busy. Try again.', data: { reason: 'UNAVAILABLE' } } } : done('25.00', '125.00'),
    });
    renderAs('finance', <AdjustmentForm userId="u1" username="alice" />);

    await adjust('25', 'Promotion');
    expect(await screen.findByText('The server is busy. Try again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send the adjustment' }));
    expect(await screen.findByText('Done: 25.00 moved; the balance is now 125.00.')).toBeTruthy();

    await adjust('3', 'Another one');
    await waitFor(() => expect(network.callsTo(ADJUST)).toHaveLength(3));
    const [first, retry, next] = network.callsTo(ADJUST).map((call) => (call.body as { requestId: string }).requestId);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('says a large adjustment waits for a second operator when the server only proposes it', async () => {
    const network = serve({
      [ADJUST]: ok({ status: 'proposed', userId: 'u1', account: 'available', amount: '-1500.00', balance: '2000.00', transferId: null, adjustmentId: 'a1' }),
    });
    renderAs('finance', <AdjustmentForm userId="u1" username="alice" />);

    await adjust('-1500.00', 'Reversal of a duplicate recharge');

    expect(await screen.findByText('Proposed: -1,500.00 waits for a second operator.')).toBeTruthy();
    expect(screen.getByText(/no money moves until another admin or finance operator approves it/)).toBeTruthy();
    const [sent] = network.callsTo(ADJUST);
    expect(sent?.body).toMatchObject({ userId: 'u1', account: 'available', amount: '-1500.00', reason: 'Reversal of a duplicate recharge' });
    expect((sent?.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
