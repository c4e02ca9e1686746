/** Records per page of every list. */
export const PAGE_SIZE = 20;

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

/** A status tab of a record list: one status, or all of them. */
export type StatusFilter<Status extends string> = Status | 'all';

/** The list call's `status` field for a tab: none for all. */
export function statusField<Status extends string>(status: StatusFilter<Status>): { status?: Status } {
  return status === 'all' ? {} : { status };
}
