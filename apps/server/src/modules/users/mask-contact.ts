import type { ContactKind } from '@wallet/contract';

/** A user's bound contact, masked; null when none is bound. */
export function maskedContactOf(user: { contact: string | null; contact_kind: ContactKind | null }): string | null {
  return user.contact && user.contact_kind ? maskContact(user.contact, user.contact_kind) : null;
}

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
