import { useQuery } from '@tanstack/react-query';
import { formatAmount, type CurrencyDisplay } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { serverInfoQuery } from '../api/public-info';

/** The operator's currency (setting `currency`); undefined until the server has said it. */
export function useCurrency(): CurrencyDisplay | undefined {
  return useQuery(serverInfoQuery).data?.currency;
}

/** Formats money texts in the reader's language with the operator's currency; as they came while it is not known. */
export function useAmountFormat(): (amount: string) => string {
  const currency = useCurrency();
  const { i18n } = useTranslation();
  return (amount) => (currency ? formatAmount(amount, i18n.language, currency) : amount);
}
