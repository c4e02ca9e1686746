import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../../../testing/render';
import { PeriodsPage } from './periods-page';

const NOW = Date.UTC(2026, 4, 14, 9, 30);
const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const project = {
  id: 'fast3-1m',
  name: 'Fast 3 · 1 min',
  cover: '',
  periodSeconds: 60,
  lockSeconds: 10,
  nextTiming: null,
  unitAmount: '1.00',
  minQuantity: 1,
  maxQuantity: 10_000,
  odds: {},
  exposureLimit: null,
  enabled: true,
  createdAt: 0,
  updatedAt: 0,
};

const period = (periodNo: string, fields: Record<string, unknown>) => ({
  projectId: 'fast3-1m',
  periodNo,
  status: 'drawn',
  opensAt: NOW,
  locksAt: NOW + 50_000,
  drawsAt: NOW + 60_000,
  serverSeedHash: 'a'.repeat(64),
  serverSeed: null,
  dice: null,
  sum: null,
  ordersRoot: null,
  orderCount: null,
  orderedAmount: null,
  beaconRound: null,
  beaconRandomness: null,
  beaconSignature: null,
  voidReason: null,
  orders: 0,
  amount: '0.00',
  payout: null,
  houseResult: null,
  ...fields,
});

const voided = period('202605140570', {
  status: 'void',
  serverSeed: 'b'.repeat(64),
  ordersRoot: EMPTY_ROOT,
  orderCount: 0,
  orderedAmount: '0.00',
  beaconRound: 12_345_661,
  voidReason: 'BEACON_NOT_PUBLISHED',
  payout: '0.00',
  houseResult: '0.00',
});
const open = period('202605140572', { status: 'open' });

afterEach(() => vi.unstubAllGlobals());

describe('the periods page', () => {
  it('reads a void period as Void with why, and shows its seed hash, orders root and beacon round', async () => {
    serve({
      '/admin/api/projects': ok([project]),
      '/admin/api/periods': ok({ items: [open, voided], total: 2, page: 1, pageSize: 20 }),
      '/admin/api/periods/exposure': ok({ period: voided, exposureLimit: null, options: [] }),
    });
    renderAs('finance', <PeriodsPage />, `/periods?projectId=fast3-1m&periodNo=${voided.periodNo}`);

    const row = (await within(await screen.findByTestId('periods')).findByText(voided.periodNo)).closest('tr')!;
    expect(within(row).getByText('Void')).toBeTruthy();
    expect(within(row).getByTestId('void-reason').textContent).toBe('Round not published in time');

    const facts = await screen.findByTestId('period-facts');
    expect(facts.textContent).toContain('aaaaaaaa…aaaaaaaa');
    expect(facts.textContent).toContain('e3b0c442…7852b855');
    expect(facts.textContent).toContain('0 for 0.00');
    expect(facts.textContent).toContain('12345661');
    expect(facts.textContent).toContain('Round not published in time');
  });

  it('shows the exposure of the open period, not of a void one, when none is chosen', async () => {
    const network = serve({
      '/admin/api/projects': ok([project]),
      '/admin/api/periods': ok({ items: [voided, open], total: 2, page: 1, pageSize: 20 }),
      '/admin/api/periods/exposure': ok({ period: open, exposureLimit: null, options: [] }),
    });
    renderAs('finance', <PeriodsPage />, '/periods');
    expect(await screen.findByText(`Exposure of period ${open.periodNo}`)).toBeTruthy();
    expect(network.callsTo('/admin/api/periods/exposure').map((call) => call.body)).toEqual([{ projectId: 'fast3-1m', periodNo: open.periodNo }]);
    expect((await screen.findByTestId('period-facts')).textContent).toContain('Fixed at the lock');
  });
});
