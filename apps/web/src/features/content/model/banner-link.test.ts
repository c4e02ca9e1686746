import { describe, expect, it } from 'vitest';
import { bannerTarget } from './banner-link';

describe('where a banner leads', () => {
  it('opens the notice or the activity it names', () => {
    expect(bannerTarget('notice:welcome')).toEqual({ kind: 'page', path: '/pages/notice/index?id=welcome' });
    expect(bannerTarget('activity:spring-2026')).toEqual({ kind: 'page', path: '/pages/notice/activity/detail?id=spring-2026' });
  });

  it('opens an https page on the web', () => {
    expect(bannerTarget('https://example.com/promo?a=1')).toEqual({ kind: 'web', url: 'https://example.com/promo?a=1' });
  });

  it('leads nowhere without a link, or with one the contract does not allow', () => {
    for (const link of [null, '', 'http://example.com', 'javascript:alert(1)', 'notice:', 'notice:a b', 'page:welcome', 'NOTICE:welcome', 'notice:welcome/../x'])
      expect(bannerTarget(link), String(link)).toBeUndefined();
  });
});
