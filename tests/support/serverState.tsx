// The session's server state for component tests: a client per render, with the app's options
// (no retries), and a way to see which held resources a screen made stale.
import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { vi, type Mock } from 'vitest';
import { createServerStateClient } from '../../src/session/serverState/client';

export interface TestServerState {
  readonly client: QueryClient;
  readonly wrap: (ui: ReactNode) => ReactNode;
}

export function testServerState(): TestServerState {
  const client = createServerStateClient();
  return { client, wrap: (ui) => <QueryClientProvider client={client}>{ui}</QueryClientProvider> };
}

/**
 * A spy called each time the resource under `key` is marked stale. The resource is seeded (as a
 * screen that shows it would hold it), so an invalidation has something to mark.
 */
export function staleWatch(client: QueryClient, key: QueryKey, seed: unknown = []): Mock<() => void> {
  const spy = vi.fn<() => void>();
  client.setQueryData(key, seed);
  const hash = JSON.stringify(key);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'invalidate' && JSON.stringify(event.query.queryKey) === hash) spy();
  });
  return spy;
}
