import { describe, expect, it, vi } from 'vitest';
import { allPages, nextPageOf } from './paging';

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

describe('every page of a list', () => {
  /** A list of `total` numbers served `pageSize` at a time, as the list calls answer. */
  const served = (total: number, pageSize: number) =>
    vi.fn((page: number) => {
      const start = (page - 1) * pageSize;
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i);
      return Promise.resolve({ items, total, page, pageSize });
    });

  it('asks page after page until the total is loaded', async () => {
    const fetchPage = served(120, 50);
    expect(await allPages(fetchPage)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it('asks once for a short or empty list', async () => {
    const fetchPage = served(0, 50);
    expect(await allPages(fetchPage)).toEqual([]);
    expect(fetchPage).toHaveBeenCalledOnce();
  });

  it('stops at an empty page, even when the total promised more', async () => {
    const fetchPage = vi.fn((page: number) => Promise.resolve({ items: page === 1 ? [1, 2] : [], total: 10, page, pageSize: 2 }));
    expect(await allPages(fetchPage)).toEqual([1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
