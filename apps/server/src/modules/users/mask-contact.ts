import type { ContactKind } from '@wallet/contract';

/** Enough of a contact to recognise it, not enough to use it: `ab***@example.com`, `+86*****5678`. */
export function maskContact(contact: string, kind: ContactKind): string {
  if (kind === 'email') {
    const at = contact.lastIndexOf('@');
    const name = contact.slice(0, at);
    const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
    return `${shown}***${contact.slice(at)}`;
  }
  if (contact.length <= 7) return `${contact.slice(0, 1)}${'*'.repeat(contact.length - 1)}`;
  return `${contact.slice(0, 3)}${'*'.repeat(contact.length - 7)}${contact.slice(-4)}`;
}
