import type { SessionState } from './sessionState';

// What one tab tells the other tabs of the same browser about the session (issue #22, "Tabs
// agree"), and what a tab does with what it hears. Pure: the channel is in tabChannel.ts, the
// wiring in linkTabs.ts. Only the event kind and the uid cross between tabs; the keys never leave
// the tab that unlocked them, so unlocking is never announced: every tab asks for the master
// password itself.

export type TabSignalKind =
  /** The vault of this user was locked in a tab (auto-lock): every tab holding its keys locks too. */
  | 'locked'
  /**
   * The user signed out (or was signed out) in a tab: the others sign out at once, before the
   * auth service's own sign-out reaches them (within about a second). A tab merely locked meanwhile
   * would ask for the master password and read the user's record with a session already over; with
   * the device copy that read goes through the tab that holds Firestore's connection, and is refused.
   */
  | 'signed-out'
  /** The user is working in a tab: the idle timers of the others count it (the browser is idle only when every tab is). */
  | 'active';

export interface TabSignal {
  readonly kind: TabSignalKind;
  readonly uid: string;
}

const KINDS: readonly string[] = ['locked', 'signed-out', 'active'] satisfies readonly TabSignalKind[];

/**
 * A received message as a signal, or null. Any script of the origin can post on the channel, so
 * nothing is taken on trust: only a known kind and a non-empty uid pass, and nothing else is kept.
 */
export function parseTabSignal(message: unknown): TabSignal | null {
  if (typeof message !== 'object' || message === null) return null;
  const { kind, uid } = message as Record<string, unknown>;
  if (typeof kind !== 'string' || !KINDS.includes(kind)) return null;
  if (typeof uid !== 'string' || uid === '') return null;
  return { kind: kind as TabSignalKind, uid };
}

/**
 * What this tab announces when its session goes from `previous` to `next`: a signed-in user
 * signed out, or an open vault locked for the same user. Nothing for an unlock, a sign-in or a
 * refreshed token.
 */
export function announcementFor(previous: SessionState, next: SessionState): TabSignal | null {
  if (previous.status === 'signed-out') return null;
  if (next.status === 'signed-out') return { kind: 'signed-out', uid: previous.user.uid };
  if (previous.status === 'unlocked' && next.status === 'locked' && next.user.uid === previous.user.uid) {
    return { kind: 'locked', uid: previous.user.uid };
  }
  return null;
}

export type TabReaction = 'lock' | 'sign-out' | 'count-activity' | 'nothing';

/**
 * What a tab does with a signal from another tab; another user's signal changes nothing. The
 * same user's sign-out signs out a tab that is signed in, locked or not; a lock, or activity,
 * concerns only a tab holding that user's keys.
 */
export function reactionTo(signal: TabSignal, state: SessionState, holdsKeys: boolean): TabReaction {
  if (state.status === 'signed-out' || state.user.uid !== signal.uid) return 'nothing';
  if (signal.kind === 'signed-out') return 'sign-out';
  if (state.status !== 'unlocked' || !holdsKeys) return 'nothing';
  return signal.kind === 'active' ? 'count-activity' : 'lock';
}

/** How often a tab at most tells the others that the user is active in it. */
export const ACTIVITY_SHARE_MS = 10_000;

/** True when activity seen now should be shared (the first time, then at most every ACTIVITY_SHARE_MS). */
export function isActivityShareDue(lastShared: number | null, now: number): boolean {
  return lastShared === null || now - lastShared >= ACTIVITY_SHARE_MS;
}
