import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { clearSession, createServerStateClient, markSessionShown } from './client';

export interface ServerStateProviderProps {
  /**
   * Subscribes to the moment the cache must be emptied (the session forgetting its keys: team keys
   * may be held under `teamAccess`); returns the unsubscribe.
   */
  readonly clearOn?: (clear: () => void) => () => void;
  readonly children: ReactNode;
}

/**
 * Holds the server state of one signed-in session (mount it keyed by the user, so nothing one
 * account read is shown to another). It lives in the signed-in screens' chunks, never the landing
 * page's (docs/architecture.md, "Server state").
 */
export function ServerStateProvider({ clearOn, children }: ServerStateProviderProps) {
  const [client] = useState(createServerStateClient);
  useEffect(
    () =>
      clearOn?.(() => {
        clearSession(client);
      }),
    [clearOn, client],
  );
  // Set again at each mount (React's strict mode mounts twice), cleared when the screens go.
  useEffect(() => {
    markSessionShown(client, true);
    return () => {
      markSessionShown(client, false);
    };
  }, [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
