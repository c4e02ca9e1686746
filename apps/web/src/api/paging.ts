/** Records per page of every list. */
export const PAGE_SIZE = 20;

/** The most records one list call answers (the contract's page size limit). */
export const MAX_PAGE_SIZE = 50;

interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** The next page to ask for, or undefined when every item is loaded. */
export function nextPageOf(last: Page<unknown>, pages: Page<unknown>[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/**
 * Every item of a list, page after page until the list's total is loaded:
 * for a figure that must count each item, however many there are.
 */
export async function allPages<Item>(fetchPage: (page: number) => Promise<Page<Item>>): Promise<Item[]> {
  const pages: Page<Item>[] = [];
  for (let next: number | undefined = 1; next !== undefined; ) {
    const page = await fetchPage(next);
    pages.push(page);
    next = nextPageOf(page, pages);
  }
  return pages.flatMap((page) => page.items);
}

/** A status tab of a record list: one status, or all of them. */
export type StatusFilter<Status extends string> = Status | 'all';

/** The list call's `status` field for a tab: none for all. */
export function statusField<Status extends string>(status: StatusFilter<Status>): { status?: Status } {
  return status === 'all' ? {} : { status };
}
