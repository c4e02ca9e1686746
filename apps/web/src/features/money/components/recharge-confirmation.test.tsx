import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { rechargeDetailQuery, type RechargeRecord } from '../api/money-queries';
import en from '../../../i18n/locales/en.json';
import { RechargeConfirmation } from './recharge-confirmation';

const ACCOUNT_NUMBER = '6222 0210 0123 4567';

const underReview: RechargeRecord = {
  orderNo: 'R2611230000TEST',
  amount: '200.00',
  payAmount: '200.30',
  status: 'review',
  remark: '',
  channel: {
    id: 'bank-transfer',
    name: 'Bank transfer',
    kind: 'bank',
    details: [
      { label: 'Account name', value: 'Harbour Payments Ltd' },
      { label: 'Account number', value: ACCOUNT_NUMBER },
    ],
  },
  randomDecimal: true,
  voucher: null,
  createdAt: Date.UTC(2026, 10, 23, 9, 30),
  reviewedAt: null,
};

/** The page as the server's answer for `record` draws it. */
function render(record: RechargeRecord): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(rechargeDetailQuery(record.orderNo).queryKey, record);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RechargeConfirmation orderNo={record.orderNo} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

describe('the recharge confirmation', () => {
  it('shows where to pay, each detail to copy, while the recharge is under review', () => {
    const html = render(underReview);
    expect(html).toContain('Pay to: <bdi>Bank transfer</bdi>');
    expect(html).toContain(ACCOUNT_NUMBER);
    expect(count(html, 'channel-detail')).toBe(2);
    expect(count(html, 'copy-detail')).toBe(2);
    expect(count(html, 'copy-pay-amount')).toBe(1);
    expect(count(html, 'expired-note')).toBe(0);
  });

  it('hides where to pay once the recharge expired, and explains it with the way to customer service', () => {
    const html = render({ ...underReview, status: 'expired', reviewedAt: Date.UTC(2026, 10, 24, 9, 30) });
    expect(html).not.toContain('Pay to');
    expect(html).not.toContain(ACCOUNT_NUMBER);
    expect(count(html, 'channel-detail')).toBe(0);
    expect(count(html, 'copy-detail')).toBe(0);
    expect(count(html, 'copy-pay-amount')).toBe(0);
    expect(count(html, 'voucher')).toBe(0);
    expect(count(html, 'expired-note')).toBe(1);
    expect(html).toContain(en.money.recharge.expiredNote);
    expect(count(html, 'customer-service')).toBe(1);
    // The order itself stays on the page, to quote to customer service.
    expect(count(html, 'recharge-order-no')).toBe(1);
  });

  it.each(['completed', 'refused'] as const)('shows no payment details once the recharge is %s', (status) => {
    const html = render({ ...underReview, status, reviewedAt: Date.UTC(2026, 10, 23, 10, 0), remark: status === 'refused' ? 'Payment not received.' : '' });
    expect(html).not.toContain(ACCOUNT_NUMBER);
    expect(count(html, 'copy-detail')).toBe(0);
    expect(count(html, 'copy-pay-amount')).toBe(0);
    expect(count(html, 'expired-note')).toBe(0);
    expect(count(html, 'recharge-order-no')).toBe(1);
  });
});
