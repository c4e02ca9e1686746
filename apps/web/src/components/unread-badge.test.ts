import { describe, expect, it } from 'vitest';
import { badgeText } from './unread-badge';

describe('the unread count on a badge', () => {
  it('shows the number up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
