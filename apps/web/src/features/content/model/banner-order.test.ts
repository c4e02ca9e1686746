import { describe, expect, it } from 'vitest';
import { slidesInReadingOrder } from './banner-order';

describe('the banners in the reading direction', () => {
  it('left to right: in order, from the first, forwards', () => {
    expect(slidesInReadingOrder(['a', 'b', 'c'], false)).toEqual({ slides: ['a', 'b', 'c'], firstIndex: 0, autoplay: true });
  });

  it('right to left: mirrored, showing the first banner first, then the second coming from the left', () => {
    const { slides, firstIndex, autoplay } = slidesInReadingOrder(['a', 'b', 'c'], true);
    expect(slides[firstIndex]).toBe('a');
    expect(autoplay).toBe('reverse');
    // Autoplay backwards moves to the slot on the left: the second banner.
    expect(slides[firstIndex - 1]).toBe('b');
  });
});
