import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAs, serve } from '../testing/render';
import { ConsoleLayout } from './console-layout';

const me = (role: string, totp: { totpEnabled: boolean; totpRequired: boolean }) =>
  ok({ id: 'o1', username: `${role}-operator`, role, disabled: false, createdAt: 0, ...totp });

afterEach(() => vi.unstubAllGlobals());

const menuItems = async () => (await screen.findAllByRole('menuitem')).map((item) => item.textContent);

describe('the console menu', () => {
  it('shows a content operator only the screens their role may use', async () => {
    serve({ '/admin/api/me': me('content', { totpEnabled: false, totpRequired: false }) });
    renderAs('content', <ConsoleLayout />);
    expect(await menuItems()).toEqual(['Content', 'My account']);
  });

  it('shows finance the money screens but not the operators or settings', async () => {
    serve({ '/admin/api/me': me('finance', { totpEnabled: false, totpRequired: false }) });
    renderAs('finance', <ConsoleLayout />);
    const items = await menuItems();
    expect(items).toEqual(expect.arrayContaining(['Dashboard', 'Recharges', 'Withdrawals', 'Pending adjustments', 'Ledger check', 'Users', 'Orders']));
    expect(items).not.toContain('Operators');
    expect(items).not.toContain('Settings');
  });

  it('leaves only the account screen while TOTP is required and not set up', async () => {
    serve({ '/admin/api/me': me('admin', { totpEnabled: false, totpRequired: true }) });
    renderAs('admin', <ConsoleLayout />);
    expect(await screen.findByText(/Every operator must sign in with a code/)).toBeTruthy();
    expect(await menuItems()).toEqual(['My account']);
  });
});
