import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';

/** How a screen reads one page of its list (cursor paging, as every studio list API does). */
export interface PagedSource<T, P> {
  /** One page: the first when `cursor` is undefined. */
  fetch(cursor: string | undefined): Promise<P>;
  rows(page: P): T[];
  /** The cursor of the page after this one, or null at the end. */
  next(page: P): string | null;
  /** What a failed call says to the owner. */
  failure(error: unknown): string;
  /** A new first page arrived (the filters changed): read what else the page carries. */
  onFirstPage?(page: P): void;
}

export interface PagedList<T> {
  rows: T[];
  /** For edits the screen makes in place (a deleted row, a saved stock figure). */
  setRows: Dispatch<SetStateAction<T[]>>;
  hasMore: boolean;
  loading: boolean;
  error: string;
  setError(message: string): void;
  /** Append the next page ("Load more"). */
  loadMore(): Promise<void>;
}

/**
 * A studio list: the first page whenever `deps` (the filters) change, "Load more" after it.
 * Only the newest request may fill the list: a slow page that lands after the owner typed a
 * new search, or after a later "Load more", is dropped instead of mixing two lists.
 */
export function usePagedList<T, P>(source: PagedSource<T, P>, deps: readonly unknown[]): PagedList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const latest = useRef(0);
  const busy = useRef(false);
  // The render's source: its fetch closes over the filters of that render.
  const current = useRef(source);
  current.current = source;

  const load = async (cursor: string | undefined) => {
    const ticket = ++latest.current;
    const src = current.current;
    busy.current = true;
    setLoading(true);
    try {
      const page = await src.fetch(cursor);
      if (ticket !== latest.current) return;
      if (cursor === undefined) src.onFirstPage?.(page);
      setRows((list) => (cursor === undefined ? src.rows(page) : [...list, ...src.rows(page)]));
      setNext(src.next(page));
      setError('');
    } catch (failure) {
      if (ticket === latest.current) setError(src.failure(failure));
    } finally {
      if (ticket === latest.current) {
        busy.current = false;
        setLoading(false);
      }
    }
  };
  useEffect(
    () => {
      load(undefined);
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the first page again when the filters change
    deps,
  );

  return {
    rows,
    setRows,
    hasMore: next !== null,
    loading,
    error,
    setError,
    // Not while a page is on its way: a first page for new filters must not be overtaken
    // by the next page of the old list.
    loadMore: () => (next === null || busy.current ? Promise.resolve() : load(next)),
  };
}

/** `value` once it has stopped changing for `ms` (search as the owner types). */
export function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
