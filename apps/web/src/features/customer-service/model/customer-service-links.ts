import type { CallResult } from '@wallet/contract';
import type { CALLS } from '@wallet/contract/core';

type CustomerServiceResult = CallResult<NonNullable<(typeof CALLS.getKefu)['definition']>>;
export type CustomerServiceContact = CustomerServiceResult['contacts'][number];

const WEB_ADDRESS = /^https?:\/\//i;

/** Where tapping a customer service contact leads, or undefined when its value cannot be opened safely. */
export function contactHref(contact: Pick<CustomerServiceContact, 'kind' | 'value'>): string | undefined {
  const value = contact.value.trim();
  switch (contact.kind) {
    case 'link':
      return WEB_ADDRESS.test(value) ? value : undefined;
    case 'email':
      return value.includes('@') ? `mailto:${value}` : undefined;
    case 'phone': {
      const number = value.replace(/[^\d+]/g, '');
      return number ? `tel:${number}` : undefined;
    }
    case 'telegram': {
      if (WEB_ADDRESS.test(value)) return value;
      const name = value.replace(/^@/, '');
      return /^\w{3,64}$/.test(name) ? `https://t.me/${name}` : undefined;
    }
    case 'whatsapp': {
      if (WEB_ADDRESS.test(value)) return value;
      const digits = value.replace(/\D/g, '');
      return digits ? `https://wa.me/${digits}` : undefined;
    }
    default:
      return undefined;
  }
}

/** Web addresses open in a new tab; mailto and tel hand over to the phone's own app. */
export function opensInNewTab(href: string): boolean {
  return WEB_ADDRESS.test(href);
}
