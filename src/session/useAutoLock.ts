import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_AUTO_LOCK, isIdleLockDue, type AutoLockPreferences, type AutoLockSettings } from './autoLock';
import type { TabActivity } from './linkTabs';
import type { SessionStore } from './sessionStore';

/** How often the idle time is checked: the vault locks at most this long after the limit. */
export const IDLE_CHECK_MS = 15_000;

// What counts as the user being there. Capture phase, so a handler that stops propagation (a
// dialog's Escape, for one) still counts; passive, so scrolling is never delayed.
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Locks an open vault after the user's idle limit, and when the tab is hidden if they chose that
 * (docs/account.md, "Auto-lock"). Locking keeps them signed in; the master password is asked again.
 * With `tabs`, activity in another tab of the same user counts too: the lock of one tab locks them
 * all (linkTabs.ts), so a tab left in the background must not lock the one being worked in.
 */
export function useAutoLock(store: SessionStore, preferences: AutoLockPreferences, tabs: TabActivity | null = null, clock: () => number = Date.now): void {
  const session = useSyncExternalStore(store.subscribe, store.getState);
  const uid = session.status === 'unlocked' ? session.user.uid : null;
  const { idleMinutes, lockWhenHidden } = useAutoLockSettings(preferences, uid);

  useEffect(() => {
    if (uid === null) return;
    let lastActivity = clock();
    const noteActivity = () => {
      lastActivity = clock();
    };
    const onActivity = () => {
      noteActivity();
      tabs?.shareActivity();
    };
    const checkIdle = () => {
      if (isIdleLockDue(lastActivity, clock(), { idleMinutes, lockWhenHidden })) store.lock();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && lockWhenHidden) store.lock();
      // Timers of a hidden tab are throttled: coming back after a long absence checks at once.
      else checkIdle();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    const stopHearing = tabs?.onActivityElsewhere(noteActivity);
    const timer = setInterval(checkIdle, IDLE_CHECK_MS);
    return () => {
      stopHearing?.();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(timer);
    };
  }, [uid, idleMinutes, lockWhenHidden, store, tabs, clock]);
}

/** A user's auto-lock settings, following every change (the defaults without a user). */
export function useAutoLockSettings(preferences: AutoLockPreferences, uid: string | null): AutoLockSettings {
  // Primitives, so an unchanged setting is an unchanged snapshot.
  const idleMinutes = useSyncExternalStore(preferences.subscribe, () =>
    uid === null ? DEFAULT_AUTO_LOCK.idleMinutes : preferences.get(uid).idleMinutes,
  );
  const lockWhenHidden = useSyncExternalStore(preferences.subscribe, () =>
    uid === null ? DEFAULT_AUTO_LOCK.lockWhenHidden : preferences.get(uid).lockWhenHidden,
  );
  return useMemo(() => ({ idleMinutes, lockWhenHidden }), [idleMinutes, lockWhenHidden]);
}
