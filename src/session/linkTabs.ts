import type { SessionStore } from './sessionStore';
import type { TabChannel } from './tabChannel';
import { announcementFor, isActivityShareDue, parseTabSignal, reactionTo } from './tabSignals';

/** The part of the link the idle lock uses: activity crosses tabs so that idle means every tab. */
export interface TabActivity {
  /** The user is active in this tab; shared with the other tabs at most every ACTIVITY_SHARE_MS. */
  readonly shareActivity: () => void;
  /** Calls `listener` when the same user is active in another tab. */
  readonly onActivityElsewhere: (listener: () => void) => () => void;
}

export interface TabLink extends TabActivity {
  readonly stop: () => void;
}

/**
 * Links this tab's session to the other tabs over `channel`: a lock or a sign-out here is
 * announced; a lock of the same user there locks this tab if it holds the keys, and a sign-out
 * there signs this tab out.
 */
export function linkTabs(store: SessionStore, channel: TabChannel, clock: () => number = Date.now): TabLink {
  const activityListeners = new Set<() => void>();
  let previous = store.getState();
  // Set while this tab applies a received signal: that lock is the other tab's, not news.
  let applying = false;
  let lastShared: number | null = null;

  const stopWatching = store.subscribe(() => {
    const next = store.getState();
    const signal = applying ? null : announcementFor(previous, next);
    previous = next;
    if (signal !== null) channel.post(signal);
  });

  const stopListening = channel.listen((message) => {
    const signal = parseTabSignal(message);
    if (signal === null) return;
    const reaction = reactionTo(signal, store.getState(), store.keys() !== null);
    switch (reaction) {
      case 'lock':
      case 'sign-out':
        applying = true;
        try {
          if (reaction === 'lock') store.lock();
          else store.clear();
        } finally {
          applying = false;
        }
        break;
      case 'count-activity':
        for (const listener of activityListeners) listener();
        break;
      case 'nothing':
        break;
    }
  });

  return {
    shareActivity: () => {
      const state = store.getState();
      if (state.status !== 'unlocked') return;
      const now = clock();
      if (!isActivityShareDue(lastShared, now)) return;
      lastShared = now;
      channel.post({ kind: 'active', uid: state.user.uid });
    },
    onActivityElsewhere: (listener) => {
      activityListeners.add(listener);
      return () => {
        activityListeners.delete(listener);
      };
    },
    stop: () => {
      stopWatching();
      stopListening();
      activityListeners.clear();
      channel.close();
    },
  };
}
