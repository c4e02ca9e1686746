import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const DEFAULT_PAGE_SIZE = 20;
/** The contract's largest page. */
const MAX_PAGE_SIZE = 50;

type Filters<K extends string> = Partial<Record<K, string>>;

function positive(text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/**
 * A list's page and filters, kept in the address so a reload, a bookmark or
 * a link to a colleague shows the same list. Pass the keys and defaults as
 * constants of the module, so the filters keep their identity between renders.
 */
const NO_DEFAULTS = {};

export function useListParams<K extends string>(filterKeys: readonly K[], defaults: Filters<K> = NO_DEFAULTS) {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), 1);
  const pageSize = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const serialized = params.toString();

  const filters = useMemo(() => {
    const read = new URLSearchParams(serialized);
    const values: Filters<K> = {};
    for (const key of filterKeys) {
      const value = read.get(key) ?? defaults[key];
      if (value !== undefined && value !== '') values[key] = value;
    }
    return values;
  }, [serialized, filterKeys, defaults]);

  const setFilters = useCallback(
    (changes: Filters<K> | Partial<Record<K, string | undefined>>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        // A new filter starts from its first page.
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  const setPage = useCallback(
    (nextPage: number, nextPageSize: number) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('page', String(nextPage));
        if (nextPageSize === DEFAULT_PAGE_SIZE) next.delete('pageSize');
        else next.set('pageSize', String(nextPageSize));
        return next;
      });
    },
    [setParams],
  );

  return { page, pageSize, filters, setFilters, setPage };
}

export type ListParams = Pick<ReturnType<typeof useListParams>, 'page' | 'pageSize' | 'setPage'>;
