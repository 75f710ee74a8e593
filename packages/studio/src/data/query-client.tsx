/**
 * The studio's one QueryClient and its provider (mounted once in app.tsx).
 *
 *   <StudioQueryProvider>{…}</StudioQueryProvider>
 *
 * Defaults: answers are fresh for 30 s and kept 5 min after their last screen closes; no
 * refetch when the window regains focus (owners switch tabs to the storefront all the time:
 * that must not refetch every list); a refetch when the connection comes back; retries only
 * for network failures (a 4xx is an answer: retrying a refusal just repeats it, and the
 * screen shows the API's message at once); writes are never retried (a money action has its
 * own Idempotency-Key handling in orders-api.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { isNetworkFailure } from './errors';

/** Reads: up to 2 more tries, and only when the request got no answer at all. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isNetworkFailure(error);
}

/** 0.5 s, 1 s, 2 s … capped at 8 s. */
export const retryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 8000);

export function createStudioQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export function StudioQueryProvider({ children }: { children: ReactNode }) {
  // One client per mounted studio (a test or a second root gets its own cache).
  const [client] = useState(createStudioQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
