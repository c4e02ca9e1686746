import { describe, expect, it } from 'vitest';
import { clampCharacters } from './text-area-field';

describe('a text area keeps to its most characters', () => {
  it('leaves a text within the limit alone', () => {
    expect(clampCharacters('hello', 5)).toBe('hello');
  });

  it('cuts a longer one at the limit', () => {
    expect(clampCharacters('hello world', 5)).toBe('hello');
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(clampCharacters('😀😀😀', 2)).toBe('😀😀');
    expect(clampCharacters('ab😀', 3)).toBe('ab😀');
  });
});
