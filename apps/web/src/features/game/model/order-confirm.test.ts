import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { placeOrderMutation, startChaseMutation } from '../api/game-mutations';
import type { GameProject } from '../api/game-queries';
import { createRequestIds } from '../../../api/request-id';
import { chaseFieldsOf, chooseChase, confirmView, openConfirm, pinOnPeriod, pinOrder, tryFailed, tryStarted, type Confirming } from './order-confirm';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', () => ({ callApi }));

const P = '202611230007';
const NEXT = '202611230008';

const project: GameProject = {
  id: 'fast3-1m',
  name: 'Fast 3',
  periodSeconds: 60,
  lockSeconds: 10,
  unitAmount: '0.33',
  minQuantity: 1,
  maxQuantity: 10_000,
  options: [
    { code: 'big', group: 'basic', odds: '1.95', returnToPlayer: '0.9479' },
    { code: 'sum-9', group: 'sum', odds: '6.90', returnToPlayer: '0.7986' },
    { code: 'odd', group: 'basic', odds: '1.95', returnToPlayer: '0.9722' },
  ],
  current: null,
};

const slip = { options: ['big', 'sum-9', 'odd'], quantity: 3 };
const timeout = new ApiError(0, 'TIMEOUT', 'The request took too long. Please try again.');
const closed = new ApiError(422, 'PERIOD_CLOSED', 'Ordering for this period has closed');

/** The page's order call, with request ids counted, and what each try sent. */
function orderCall() {
  let n = 0;
  const queryClient = new QueryClient();
  const observer = new MutationObserver(queryClient, placeOrderMutation(queryClient, createRequestIds(() => `id-${++n}`)));
  return {
    send: (confirm: Confirming) => observer.mutate(confirm.pin.fields).catch((error: unknown) => error),
    sent: () => callApi.mock.calls.map(([, body]) => body as { periodNo: string; requestId: string; selections: unknown }),
  };
}

describe('the order a confirm sheet pins', () => {
  it('keeps the period, selections, quantity and odds it opened with', () => {
    const shown = structuredClone(project);
    const options = [...slip.options];
    const pin = pinOrder(shown, P, { options, quantity: 3 });
    // The page moves on: another option chosen, other odds.
    options.push('even');
    shown.options[0]!.odds = '1.90';
    expect(pin.fields).toEqual({
      projectId: 'fast3-1m',
      periodNo: P,
      selections: [
        { option: 'big', quantity: 3 },
        { option: 'sum-9', quantity: 3 },
        { option: 'odd', quantity: 3 },
      ],
    });
    expect(pin.lines.map(({ code, odds }) => [code, odds])).toEqual([
      ['big', '1.95'],
      ['sum-9', '6.90'],
      ['odd', '1.95'],
    ]);
  });

  it('costs each selection quantity × unit amount', () => {
    // As the server takes it: 3 × 0.33 for each selection.
    expect(pinOrder(project, P, slip).lines.map((line) => line.amount)).toEqual(['0.99', '0.99', '0.99']);
    expect(pinOrder(project, P, { options: ['big'], quantity: 7 }).lines[0]!.amount).toBe('2.31');
  });
});

describe('a confirm whose answer was lost', () => {
  afterEach(() => callApi.mockReset());

  it('retries the same order in its own period with the same request id, never one in the next period', async () => {
    const call = orderCall();
    let confirm = openConfirm(undefined, project, P, slip);

    // The first try reaches the server, which places it, but the answer is lost.
    confirm = tryStarted(confirm);
    callApi.mockRejectedValueOnce(timeout);
    confirm = tryFailed(confirm, await call.send(confirm));
    expect(confirm.unanswered).toBe(true);

    // Meanwhile the period locked and the next one opened: the sheet says the order is for period P, and takes a retry.
    const live = { periodNo: NEXT, open: true };
    expect(confirmView(confirm, live, 0)).toEqual({ canSubmit: true, movedTo: NEXT, closed: false, short: false, offer: undefined });
    // Closed and opened again on the page of the next period, it is still that order.
    confirm = openConfirm({ ...confirm, shown: false }, project, NEXT, { options: ['even'], quantity: 1 });
    expect(confirm.pin.fields.periodNo).toBe(P);

    // The retry: the same fields and id, so the server answers the first result.
    confirm = tryStarted(confirm);
    callApi.mockResolvedValueOnce({ orders: [], balance: '97.03' });
    await call.send(confirm);
    const [first, retry] = call.sent();
    expect(retry).toEqual(first);
    expect(retry!.periodNo).toBe(P);
  });

  it('offers the next period only as a new confirm, with a new request id, once the server says the period closed', async () => {
    const call = orderCall();
    let confirm = tryStarted(openConfirm(undefined, project, P, slip));
    // The first try never reached the server.
    callApi.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Could not reach the server. Please try again.'));
    confirm = tryFailed(confirm, await call.send(confirm));

    const live = { periodNo: NEXT, open: true };
    confirm = tryStarted(confirm);
    callApi.mockRejectedValueOnce(closed);
    confirm = tryFailed(confirm, await call.send(confirm));
    expect(call.sent()[1]).toEqual(call.sent()[0]);

    // Answered: nothing to retry; the order for P is not sent again, the next period is offered.
    expect(confirm.unanswered).toBe(false);
    expect(confirmView(confirm, live, 0)).toEqual({ canSubmit: false, movedTo: NEXT, closed: false, short: false, offer: NEXT });

    confirm = pinOnPeriod(confirm, project, NEXT);
    expect(confirm.pin.fields).toEqual({ ...pinOrder(project, P, slip).fields, periodNo: NEXT });
    expect(confirmView(confirm, live, 0)).toEqual({ canSubmit: true, movedTo: undefined, closed: false, short: false, offer: undefined });
    callApi.mockResolvedValueOnce({ orders: [], balance: '97.03' });
    await call.send(tryStarted(confirm));
    const [first, , renewed] = call.sent();
    expect(renewed!.periodNo).toBe(NEXT);
    expect(renewed!.requestId).not.toBe(first!.requestId);
  });

  it('takes a retry whatever the balance shows now: the order it asks about may already have been paid', () => {
    const confirm = tryFailed(tryStarted(openConfirm(undefined, project, P, slip)), timeout);
    expect(confirmView(confirm, { periodNo: P, open: true }, 150)).toMatchObject({ canSubmit: true, short: false });
    expect(confirmView(confirm, { periodNo: P, open: false }, 0)).toMatchObject({ canSubmit: true, closed: false });
  });
});

describe('a confirm the server answered', () => {
  it('opens again on the slip and period the page shows now', () => {
    const refused = tryFailed(tryStarted(openConfirm(undefined, project, P, slip)), new ApiError(422, 'EXPOSURE_LIMIT', 'limit'));
    expect(refused.unanswered).toBe(false);
    const reopened = openConfirm({ ...refused, shown: false }, project, NEXT, { options: ['odd'], quantity: 2 });
    expect(reopened).toMatchObject({ shown: true, unanswered: false, failure: undefined });
    expect(reopened.pin.fields).toEqual({ projectId: 'fast3-1m', periodNo: NEXT, selections: [{ option: 'odd', quantity: 2 }] });
  });

  it('says the period closed while the sheet was open, without offering a period that is not open yet', () => {
    const confirm = openConfirm(undefined, project, P, slip);
    expect(confirmView(confirm, { periodNo: P, open: false }, 0)).toEqual({ canSubmit: false, movedTo: undefined, closed: true, short: false, offer: undefined });
    expect(confirmView(confirm, { periodNo: NEXT, open: false }, 0)).toMatchObject({ canSubmit: false, closed: true, offer: undefined });
    expect(confirmView(confirm, { periodNo: NEXT, open: true }, 0)).toMatchObject({ canSubmit: false, closed: true, offer: NEXT });
  });

  it('leads to recharge when the balance is short, before or after the server says so', () => {
    const confirm = openConfirm(undefined, project, P, slip);
    expect(confirmView(confirm, { periodNo: P, open: true }, 100)).toMatchObject({ canSubmit: false, short: true });
    const refused = tryFailed(tryStarted(confirm), new ApiError(422, 'INSUFFICIENT_BALANCE', 'short'));
    expect(confirmView(refused, { periodNo: P, open: true }, 0)).toMatchObject({ canSubmit: true, short: true });
  });
});

describe('a confirm with its chase option on', () => {
  afterEach(() => callApi.mockReset());

  it('starts a chase of the pinned order from its period, and keeps the choice on the next period', () => {
    let confirm = openConfirm(undefined, project, P, slip);
    expect(confirm.chase).toEqual({ on: false, periods: 2, stopOnWin: true });
    confirm = chooseChase(chooseChase(confirm, { on: true }), { periods: 3 });
    expect(chaseFieldsOf(confirm)).toEqual({
      projectId: 'fast3-1m',
      startPeriodNo: P,
      periods: 3,
      stopOnWin: true,
      selections: pinOrder(project, P, slip).fields.selections,
    });
    expect(chaseFieldsOf(pinOnPeriod(confirm, project, NEXT))).toMatchObject({ startPeriodNo: NEXT, periods: 3 });
  });

  it('keeps the periods within 2 to 50', () => {
    const confirm = openConfirm(undefined, project, P, slip);
    expect(chooseChase(confirm, { periods: 1 }).chase.periods).toBe(2);
    expect(chooseChase(confirm, { periods: 80 }).chase.periods).toBe(50);
    expect(chooseChase(confirm, { periods: Number.NaN }).chase.periods).toBe(2);
  });

  it('does not change while a try awaits its answer, so the retry sends the same chase with the same request id', async () => {
    let n = 0;
    const queryClient = new QueryClient();
    const observer = new MutationObserver(queryClient, startChaseMutation(queryClient, createRequestIds(() => `id-${++n}`)));
    let confirm = tryStarted(chooseChase(openConfirm(undefined, project, P, slip), { on: true, periods: 3 }));
    callApi.mockRejectedValueOnce(timeout);
    confirm = tryFailed(confirm, await observer.mutate(chaseFieldsOf(confirm)).catch((error: unknown) => error));
    expect(chooseChase(confirm, { periods: 9, stopOnWin: false })).toBe(confirm);
    callApi.mockResolvedValueOnce({ chaseNo: 'C1', periodNos: [P], amountPerPeriod: '2.97', totalAmount: '8.91', balance: '91.09' });
    await observer.mutate(chaseFieldsOf(tryStarted(confirm)));
    const [first, retry] = callApi.mock.calls.map(([, body]) => body as { requestId: string; periods: number });
    expect(retry).toEqual(first);
    expect(retry!.periods).toBe(3);
  });
});
