import { describe, expect, it } from 'vitest';
import { shortCard } from './card-text';

describe('a masked card', () => {
  it('shows its last four digits only', () => {
    expect(shortCard('************3456')).toBe('•••• 3456');
  });
});
