import { describe, expect, it } from 'vitest';
import { contactHref, opensInNewTab } from './customer-service-links';

describe('customer service links', () => {
  it('opens web chat links as they are, and only http(s) ones', () => {
    expect(contactHref({ kind: 'link', value: 'https://chat.example.com/room' })).toBe('https://chat.example.com/room');
    expect(contactHref({ kind: 'link', value: 'javascript:alert(1)' })).toBeUndefined();
  });

  it('writes e-mail and phone as mailto and tel', () => {
    expect(contactHref({ kind: 'email', value: 'help@example.com' })).toBe('mailto:help@example.com');
    expect(contactHref({ kind: 'phone', value: '+1 (555) 010-2000' })).toBe('tel:+15550102000');
  });

  it('turns messenger names and numbers into their web links', () => {
    expect(contactHref({ kind: 'telegram', value: '@wallet_help' })).toBe('https://t.me/wallet_help');
    expect(contactHref({ kind: 'telegram', value: 'https://t.me/wallet_help' })).toBe('https://t.me/wallet_help');
    expect(contactHref({ kind: 'whatsapp', value: '+44 7700 900123' })).toBe('https://wa.me/447700900123');
  });

  it('opens only web addresses in a new tab', () => {
    expect(opensInNewTab('https://t.me/x')).toBe(true);
    expect(opensInNewTab('mailto:a@b.c')).toBe(false);
    expect(opensInNewTab('tel:+1')).toBe(false);
  });
});
