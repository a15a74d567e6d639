import { useEffect, useState } from 'react';
import type { ServerReachability } from './model';

const browserOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/**
 * Whether the vault screen is offline: the browser says so ('online'/'offline' events), or the live
 * reads found the server silent (the browser can be online while the server is out of reach).
 */
export function useOffline(loadConnection: () => Promise<ServerReachability>): boolean {
  const [offlineBrowser, setOfflineBrowser] = useState(browserOffline);
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    const update = () => {
      setOfflineBrowser(browserOffline());
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

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

  return offlineBrowser || unreachable;
}
