/**
 * Server state through TanStack Query, keyed by the API route (query-keys.ts).
 *
 *   const orders = useApiQuery('GET /api/studio/commerce/tax-rules', {});
 *   orders.data?.taxRules; orders.errorText;            // the API's message, '' when fine
 *
 *   const list = useApiPages('GET /api/commerce/orders', { query: { status } }, {
 *     rows: (page) => page.orders, next: (page) => page.nextPageCursor });
 *   list.rows; list.hasMore; list.loadMore();          // cursor paging ("Load more")
 *
 *   const save = useApiMutation('POST /api/studio/commerce/tax-rules', {
 *     invalidates: ['GET /api/studio/commerce/tax-rules'] });
 *   await save.mutateAsync({ body });                    // resolves once the list is fresh
 *
 * `fetch` / `send` replace the plain typed call when an *-api.ts wrapper shapes the answer
 * or adds headers (the money actions' Idempotency-Key): the key is still the route's.
 */
import type { RouteKey } from '@store/api';
import type { ApiInput, ApiOutput } from '@store/api/client';
import {
  type InfiniteData,
  type QueryClient,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../api';
import { failureText } from './errors';
import { type ApiKeyValues, apiKey, keyValues, routeKey } from './query-keys';

/** The typed client called with a route chosen at run time. */
function send<K extends RouteKey>(route: K, input: ApiInput<K>): Promise<ApiOutput<K>> {
  return (call as unknown as (key: K, input: ApiInput<K>) => Promise<ApiOutput<K>>)(route, input);
}

export interface ApiQueryOptions<K extends RouteKey, T> {
  enabled?: boolean;
  select?: (answer: ApiOutput<K>) => T;
  /** Ask through a wrapper of the same route (shaping the answer); the key stays the route's. */
  fetch?: (input: ApiInput<K>) => Promise<ApiOutput<K>>;
  /** Keep showing the last answer while the one for new filters loads (no flash of "Loading…"). */
  keepPrevious?: boolean;
  staleTime?: number;
}

/** One GET route's answer, cached under `[route, params + query]`. */
export function useApiQuery<K extends RouteKey, T = ApiOutput<K>>(
  route: K,
  input: ApiInput<K>,
  options: ApiQueryOptions<K, T> = {},
) {
  const fetcher = options.fetch ?? ((i: ApiInput<K>) => send(route, i));
  const query = useQuery({
    queryKey: apiKey(route, keyValues(input)),
    queryFn: () => fetcher(input),
    enabled: options.enabled,
    select: options.select,
    staleTime: options.staleTime,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
  return Object.assign(query, { errorText: query.error ? failureText(query.error) : '' });
}

/** The key of a cursor list: the route's key with `'pages'` (its cache holds pages, not one answer). */
export function pagesKey(route: RouteKey, values: ApiKeyValues) {
  return [...apiKey(route, values), 'pages'] as const;
}

export interface ApiPagesOptions<K extends RouteKey, Row> {
  rows: (page: ApiOutput<K>) => Row[];
  /** The cursor of the page after this one, or null at the end. */
  next: (page: ApiOutput<K>) => string | null | undefined;
  fetch?: (input: ApiInput<K>) => Promise<ApiOutput<K>>;
  enabled?: boolean;
  /** Default 0: a list shows what it had at once and asks again on every visit (others change it). */
  staleTime?: number;
}

/**
 * A cursor-paged list (every studio list API pages this way): the first page for the given
 * filters, `loadMore()` appends the next. New filters are a new key, so a slow answer for old
 * filters can never land in the new list.
 */
export function useApiPages<K extends RouteKey, Row>(
  route: K,
  input: ApiInput<K>,
  options: ApiPagesOptions<K, Row>,
) {
  const fetcher = options.fetch ?? ((i: ApiInput<K>) => send(route, i));
  const key = pagesKey(route, keyValues(input));
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => {
      const withCursor = { ...input, query: { ...(input.query ?? {}), cursor: pageParam } };
      return fetcher(withCursor as ApiInput<K>);
    },
    getNextPageParam: (last) => options.next(last) ?? undefined,
    enabled: options.enabled,
    staleTime: options.staleTime ?? 0,
  });
  const pages = query.data?.pages ?? [];
  return {
    query,
    /** The first page (lists carry headings and counts on it), once it is here. */
    first: pages[0] as ApiOutput<K> | undefined,
    rows: pages.flatMap(options.rows),
    hasMore: query.hasNextPage,
    /** The first page is on its way (not "Load more"). */
    loading: query.isPending,
    loadingMore: query.isFetchingNextPage,
    errorText: query.error ? failureText(query.error) : '',
    /** Append the next page; nothing while one is on its way. */
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    /** Change the loaded pages in place (a saved stock figure) without asking the server. */
    updatePages: (change: (page: ApiOutput<K>) => ApiOutput<K>) =>
      client.setQueryData<InfiniteData<ApiOutput<K>>>(key, (data) =>
        data ? { ...data, pages: data.pages.map(change) } : data,
      ),
  };
}

/** Mark every cached answer of these routes stale and refetch the ones on screen. */
export function invalidateRoutes(client: QueryClient, routes: readonly RouteKey[]): Promise<void> {
  return Promise.all(routes.map((r) => client.invalidateQueries({ queryKey: routeKey(r) }))).then(() => {});
}

export interface ApiMutationOptions<V, R> {
  /** Send through a wrapper (headers, several calls); without it the variables are the call's input. */
  send?: (variables: V) => Promise<R>;
  /** The GET routes whose answers this write changes: refetched before the mutation resolves. */
  invalidates?: readonly RouteKey[] | ((answer: R, variables: V) => readonly RouteKey[]);
  onSuccess?: (answer: R, variables: V) => void;
}

/** A write to one route; its answers' readers are refreshed (`invalidates`) before it resolves. */
export function useApiMutation<K extends RouteKey, V = ApiInput<K>, R = ApiOutput<K>>(
  route: K,
  options: ApiMutationOptions<V, R> = {},
) {
  const client = useQueryClient();
  const mutation = useMutation<R, unknown, V>({
    mutationKey: [route],
    mutationFn: (variables) =>
      options.send ? options.send(variables) : (send(route, variables as ApiInput<K>) as Promise<R>),
    onSuccess: async (answer, variables) => {
      const routes =
        typeof options.invalidates === 'function'
          ? options.invalidates(answer, variables)
          : (options.invalidates ?? []);
      await invalidateRoutes(client, routes);
      options.onSuccess?.(answer, variables);
    },
  });
  return Object.assign(mutation, { errorText: mutation.error ? failureText(mutation.error) : '' });
}
