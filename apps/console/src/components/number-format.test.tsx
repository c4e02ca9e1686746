import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Figure } from './figure';
import { MoneyText } from './money-text';
import { centsOf, formatAmount, formatCents, formatCount, formatPercent, withCurrency } from './number-format';
import { callKey } from '../api/use-call';

/** The console as signed in, its `me` answer naming the operator's currency. */
function withCurrencySymbol(symbol: string, children: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(callKey(OPERATOR_CALLS.me.path, undefined), { currency: { code: 'EUR', symbol } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the console’s one number format', () => {
  it('groups digits by three and keeps money’s two decimals as the server wrote them', () => {
    expect(['0.00', '12.50', '1234.50', '-1234567.05', '999999999999.99'].map((money) => formatAmount(money))).toEqual([
      '0.00',
      '12.50',
      '1,234.50',
      '-1,234,567.05',
      '999,999,999,999.99',
    ]);
    expect(['25.00', '-5.00', '0.00'].map((money) => formatAmount(money, true))).toEqual(['+25.00', '-5.00', '0.00']);
    expect([formatCents(123456), formatCents(-5), formatCount(12345), formatCount(5, true), formatPercent(9479)]).toEqual(['1,234.56', '-0.05', '12,345', '+5', '94.79%']);
    expect([centsOf('-1234.50'), centsOf('not money')]).toEqual([-123450, 0]);
  });

  it('puts the currency symbol after the sign', () => {
    expect([withCurrency('-1,234.50', '€'), withCurrency('+5.00', '$'), withCurrency('12.00', 'RM'), withCurrency('12.00', undefined)]).toEqual(['-€1,234.50', '+$5.00', 'RM12.00', '12.00']);
  });

  it('reads the same in a table cell and in a card, with the operator currency on amounts only', () => {
    render(
      withCurrencySymbol(
        '€',
        <>
        <span data-testid="cell">
          <MoneyText value="-1234567.50" />
        </span>
        <span data-testid="card">
          <Figure title="House result" value="-1234567.50" />
        </span>
        <span data-testid="count">
          <Figure title="Active users" value={1234} />
        </span>
        </>,
      ),
    );
    expect(screen.getByTestId('cell').textContent).toBe('-€1,234,567.50');
    expect(screen.getByTestId('card').textContent).toBe('House result-€1,234,567.50');
    expect(screen.getByTestId('count').textContent).toBe('Active users1,234');
  });
});
