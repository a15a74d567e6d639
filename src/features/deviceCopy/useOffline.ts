import { useEffect, useState } from 'react';
import type { ServerReachability } from './model';

/**
 * Whether the vault screen is offline: the live reads found the server silent. Not the browser's
 * `navigator.onLine`: false without a network interface, it would say offline while a server on
 * the same machine (the emulators) answers; a lost network silences the server all the same.
 */
export function useOffline(loadConnection: () => Promise<ServerReachability>): boolean {
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    let current = true;
    let stop = () => {};
    loadConnection().then(
      (connection) => {
        if (!current) return;
        const update = () => {
          setUnreachable(!connection.reachable());
        };
        stop = connection.subscribe(update);
        update();
      },
      () => {
        // The data layer did not load: the vault screen says so itself ('Failed to load …').
      },
    );
    return () => {
      current = false;
      stop();
    };
  }, [loadConnection]);

  return unreachable;
}
