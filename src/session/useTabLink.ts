import { useEffect, useState } from 'react';
import { linkTabs, type TabActivity } from './linkTabs';
import { openTabChannel, type TabChannel } from './tabChannel';
import type { SessionStore } from './sessionStore';

/**
 * Links the session to the other tabs of this browser while mounted (tabs lock together), and
 * returns the activity sharing for the idle lock. `open` is the channel: the origin's
 * BroadcastChannel in the app, an in-memory pair in tests.
 */
export function useTabLink(store: SessionStore, open: () => TabChannel = openTabChannel): TabActivity {
  // Stable across links: the idle lock subscribes once, whichever channel is open underneath.
  const [relay] = useState(createActivityRelay);
  useEffect(() => {
    const link = linkTabs(store, open());
    const detach = relay.attach(link);
    return () => {
      detach();
      link.stop();
    };
  }, [store, open, relay]);
  return relay;
}

interface ActivityRelay extends TabActivity {
  readonly attach: (link: TabActivity) => () => void;
}

function createActivityRelay(): ActivityRelay {
  const listeners = new Set<() => void>();
  let current: TabActivity | null = null;
  return {
    shareActivity: () => {
      current?.shareActivity();
    },
    onActivityElsewhere: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    attach: (link) => {
      current = link;
      const stop = link.onActivityElsewhere(() => {
        for (const listener of listeners) listener();
      });
      return () => {
        stop();
        if (current === link) current = null;
      };
    },
  };
}
