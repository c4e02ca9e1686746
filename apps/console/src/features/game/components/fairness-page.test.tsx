import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../../../testing/render';
import { FairnessPage } from './fairness-page';

const FAIRNESS = '/admin/api/fairness';
const NOW = Date.UTC(2026, 4, 14, 9, 30);
const ROOT = 'ab12cd34'.repeat(8);

const healthyBeacon = {
  url: 'https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisTime: 1_692_803_367,
  period: 3,
  timeoutSeconds: 300,
  latest: { round: 12_345_678, at: NOW - 1_200, lagSeconds: 1.2 },
  latestError: null,
  lastRound: 12_345_660,
  lastRoundAt: NOW - 54_000,
  lastError: null,
};

const voidPeriod = {
  projectId: 'fast3-1m',
  projectName: 'Fast 3 · 1 min',
  periodNo: '202605140570',
  status: 'void',
  opensAt: NOW - 120_000,
  locksAt: NOW - 70_000,
  drawsAt: NOW - 60_000,
  serverSeedHash: 'e'.repeat(64),
  serverSeed: 'f'.repeat(64),
  dice: null,
  sum: null,
  ordersRoot: ROOT,
  orderCount: 3,
  orderedAmount: '150.00',
  beaconRound: 12_345_661,
  beaconRandomness: null,
  beaconSignature: null,
  voidReason: 'BEACON_NOT_PUBLISHED',
  orders: 3,
  amount: '150.00',
  payout: '150.00',
  houseResult: '0.00',
};

const fairness = (beacon: unknown, extra: { lateDraws?: unknown[]; voided?: unknown[] } = {}) =>
  ok({ beacon, lateDraws: extra.lateDraws ?? [], voided: { items: extra.voided ?? [], total: extra.voided?.length ?? 0, page: 1, pageSize: 20 } });

/** The text of one row of the beacon's description, by its label. */
const beaconField = (label: string) => screen.getByText(label, { selector: 'th, th *' }).closest('th')!.nextElementSibling!.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('the fairness page', () => {
  it('says when there is no beacon: the draws use the server seed alone', async () => {
    serve({ [FAIRNESS]: fairness(null) });
    renderAs('finance', <FairnessPage />, '/fairness');
    expect((await screen.findByTestId('no-beacon')).textContent).toContain('No beacon: draws use the server seed alone.');
    expect(screen.getByTestId('no-late-draws').textContent).toBe('No draw is late.');
  });

  it("shows a healthy beacon's chain, its newest round with a small lag, the last round a draw had and no failure", async () => {
    serve({ [FAIRNESS]: fairness(healthyBeacon) });
    renderAs('finance', <FairnessPage />, '/fairness');
    const latest = await screen.findByTestId('beacon-latest');
    expect(latest.dataset['healthy']).toBe('true');
    expect(latest.textContent).toContain('Round 12345678');
    expect(latest.textContent).toContain('1.2 s behind');
    expect(beaconField('Chain hash')).toBe('52db9ba7…0c84e971');
    expect(beaconField('A round every')).toBe('3 s');
    expect(beaconField('Void after waiting')).toBe('5 min');
    expect(beaconField('Last round a draw had')).toContain('Round 12345660');
    expect(beaconField('Last failure')).toBe('None');
  });

  it('reads red when the newest round lags by more than a few rounds', async () => {
    serve({ [FAIRNESS]: fairness({ ...healthyBeacon, latest: { ...healthyBeacon.latest, lagSeconds: 45 } }) });
    renderAs('finance', <FairnessPage />, '/fairness');
    const latest = await screen.findByTestId('beacon-latest');
    expect(latest.dataset['healthy']).toBe('false');
    expect(within(latest).getByText('45.0 s behind').className).toContain('ant-tag-red');
  });

  it('says why the newest round could not be had, and the last failure in words with its round, time and detail', async () => {
    const failedAt = NOW - 5_000;
    serve({
      [FAIRNESS]: fairness({
        ...healthyBeacon,
        chainHash: null,
        genesisTime: null,
        period: null,
        latest: null,
        latestError: 'connect ECONNREFUSED 127.0.0.1:8081',
        lastError: { reason: 'BEACON_UNREACHABLE', round: 12_345_661, at: failedAt, detail: 'no answer: fetch failed' },
      }),
    });
    renderAs('finance', <FairnessPage />, '/fairness');
    const latest = await screen.findByTestId('beacon-latest');
    expect(latest.dataset['healthy']).toBe('false');
    expect(latest.textContent).toBe('Not had: connect ECONNREFUSED 127.0.0.1:8081');
    expect(latest.className).toContain('ant-typography-danger');
    expect(beaconField('Chain hash')).toBe('Not known yet');
    const failure = screen.getByTestId('beacon-last-error').textContent;
    expect(failure).toContain('Beacon unreachable');
    expect(failure).toContain('Round 12345661');
    expect(failure).toContain('no answer: fetch failed');
  });

  it('lists the draws late now and the void periods with their reason, refund and shortened orders root', async () => {
    serve({
      [FAIRNESS]: fairness(healthyBeacon, {
        lateDraws: [{ projectId: 'fast3-1m', projectName: 'Fast 3 · 1 min', periodNo: '202605140571', drawsAt: NOW - 30_000, lateSeconds: 30, waitingForBeacon: true }],
        voided: [voidPeriod],
      }),
    });
    renderAs('finance', <FairnessPage />, '/fairness');
    expect((await screen.findByTestId('late-draw')).textContent).toContain('Fast 3 · 1 min, period 202605140571: 30 s past its draw time. It waits for its beacon round');
    // The page is the fairness page: it does not link to itself.
    expect(within(screen.getByTestId('late-draws')).queryByRole('link')).toBeNull();

    const row = (await screen.findByText('202605140570')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '202605140570' }).getAttribute('href')).toBe('/periods?projectId=fast3-1m&periodNo=202605140570');
    expect(row.textContent).toContain('Fast 3 · 1 min');
    expect(row.textContent).toContain('Round not published in time');
    expect(row.textContent).toContain('150.00');
    expect(within(row).getByText('ab12cd34…ab12cd34').closest('[title]')?.getAttribute('title')).toBe(ROOT);
  });
});
