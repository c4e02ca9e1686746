import { describe, expect, it } from 'vitest';
import { nextPageOf } from './paging';

const page = (page: number, count: number, total: number) => ({ items: Array.from({ length: count }, (_, i) => i), total, page, pageSize: 20 });

describe('the next page of a list', () => {
  it('follows while items are missing', () => {
    const first = page(1, 20, 45);
    expect(nextPageOf(first, [first])).toBe(2);
    const second = page(2, 20, 45);
    expect(nextPageOf(second, [first, second])).toBe(3);
  });

  it('stops when everything is loaded or a page comes back empty', () => {
    const first = page(1, 20, 40);
    const second = page(2, 20, 40);
    expect(nextPageOf(second, [first, second])).toBeUndefined();
    const empty = page(3, 0, 60);
    expect(nextPageOf(empty, [first, second, empty])).toBeUndefined();
  });
});
