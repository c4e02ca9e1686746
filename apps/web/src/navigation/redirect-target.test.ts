import { describe, expect, it } from 'vitest';
import { PATHS, loginPathReturningTo } from './paths';
import { redirectTarget } from './redirect-target';

describe('where login leads afterwards', () => {
  it('returns to the page the user came from, with its query', () => {
    expect(redirectTarget('/pages/money/widht_list?status=1')).toBe('/pages/money/widht_list?status=1');
  });

  it('round-trips what the 401 handler puts into the login link', () => {
    const link = loginPathReturningTo('/pages/myindex/pass', '?a=1&b=2');
    const redirect = new URLSearchParams(link.split('?').slice(1).join('?')).get('redirect');
    expect(redirectTarget(redirect)).toBe('/pages/myindex/pass?a=1&b=2');
  });

  it('goes home without a redirect, or with one that leaves the app or loops back to login', () => {
    expect(redirectTarget(null)).toBe(PATHS.home);
    expect(redirectTarget('')).toBe(PATHS.home);
    expect(redirectTarget('https://example.com/')).toBe(PATHS.home);
    expect(redirectTarget('//example.com/')).toBe(PATHS.home);
    expect(redirectTarget(`${PATHS.login}?redirect=%2F`)).toBe(PATHS.home);
  });
});
