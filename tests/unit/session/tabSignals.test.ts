// Issue #22 item 4: what a tab announces and what it does with what it hears, apart from any channel.
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import type { SessionState } from '../../../src/session/sessionState';
import {
  ACTIVITY_SHARE_MS,
  announcementFor,
  isActivityShareDue,
  parseTabSignal,
  reactionTo,
  type TabSignal,
} from '../../../src/session/tabSignals';

const ana: AuthUser = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' };
const bob: AuthUser = { uid: 'bob', email: 'bob@example.com', emailVerified: true, provider: 'google' };
const signedOut: SessionState = { status: 'signed-out' };
const locked = (user: AuthUser): SessionState => ({ status: 'locked', user });
const unlocked = (user: AuthUser): SessionState => ({ status: 'unlocked', user });

describe('announcementFor', () => {
  it('announces a lock of an open vault, with the uid only', () => {
    expect(announcementFor(unlocked(ana), locked(ana))).toEqual({ kind: 'locked', uid: 'ana' });
  });

  it('announces a sign-out from an open or a locked session', () => {
    expect(announcementFor(unlocked(ana), signedOut)).toEqual({ kind: 'signed-out', uid: 'ana' });
    expect(announcementFor(locked(ana), signedOut)).toEqual({ kind: 'signed-out', uid: 'ana' });
  });

  it('never announces an unlock, a sign-in, a refreshed token or a state that did not change', () => {
    expect(announcementFor(locked(ana), unlocked(ana))).toBeNull();
    expect(announcementFor(signedOut, locked(ana))).toBeNull();
    expect(announcementFor(signedOut, unlocked(ana))).toBeNull();
    expect(announcementFor(unlocked(ana), unlocked({ ...ana, emailVerified: false }))).toBeNull();
    expect(announcementFor(locked(ana), locked(ana))).toBeNull();
    expect(announcementFor(signedOut, signedOut)).toBeNull();
  });

  it('leaves a change of user to the auth service, which every tab shares', () => {
    expect(announcementFor(unlocked(ana), locked(bob))).toBeNull();
  });
});

describe('reactionTo', () => {
  const lockedSignal: TabSignal = { kind: 'locked', uid: 'ana' };
  const signedOutSignal: TabSignal = { kind: 'signed-out', uid: 'ana' };
  const activeSignal: TabSignal = { kind: 'active', uid: 'ana' };

  it('locks a tab holding the same user’s keys on a lock', () => {
    expect(reactionTo(lockedSignal, unlocked(ana), true)).toBe('lock');
  });

  it('signs out a tab of the same user on a sign-out, whether it holds the keys or is locked', () => {
    expect(reactionTo(signedOutSignal, unlocked(ana), true)).toBe('sign-out');
    expect(reactionTo(signedOutSignal, locked(ana), false)).toBe('sign-out');
  });

  it('counts the same user’s activity in another tab', () => {
    expect(reactionTo(activeSignal, unlocked(ana), true)).toBe('count-activity');
  });

  it('ignores another user’s signals', () => {
    for (const signal of [lockedSignal, signedOutSignal, activeSignal]) {
      expect(reactionTo(signal, unlocked(bob), true)).toBe('nothing');
    }
  });

  it('a lock or activity does nothing in a tab that holds no keys; nothing does anything in a signed-out tab', () => {
    for (const signal of [lockedSignal, activeSignal]) {
      expect(reactionTo(signal, locked(ana), false)).toBe('nothing');
      // Never the case in the store, but the keys decide: without them there is nothing to forget.
      expect(reactionTo(signal, unlocked(ana), false)).toBe('nothing');
    }
    for (const signal of [lockedSignal, signedOutSignal, activeSignal]) expect(reactionTo(signal, signedOut, false)).toBe('nothing');
  });
});

describe('parseTabSignal', () => {
  it('keeps the kind and the uid of a well-formed message and nothing else', () => {
    expect(parseTabSignal({ kind: 'locked', uid: 'ana' })).toEqual({ kind: 'locked', uid: 'ana' });
    expect(parseTabSignal({ kind: 'signed-out', uid: 'ana', extra: 'x' })).toEqual({ kind: 'signed-out', uid: 'ana' });
    expect(parseTabSignal({ kind: 'active', uid: 'ana' })).toEqual({ kind: 'active', uid: 'ana' });
  });

  it('refuses anything else another script of the origin might post', () => {
    for (const message of [null, undefined, 'locked', 42, [], {}, { kind: 'unlocked', uid: 'ana' }, { kind: 'locked' }, { kind: 'locked', uid: '' }, { kind: 'locked', uid: 7 }]) {
      expect(parseTabSignal(message)).toBeNull();
    }
  });
});

describe('isActivityShareDue', () => {
  it('shares the first activity, then at most every ACTIVITY_SHARE_MS', () => {
    expect(isActivityShareDue(null, 0)).toBe(true);
    expect(isActivityShareDue(1_000, 1_000 + ACTIVITY_SHARE_MS - 1)).toBe(false);
    expect(isActivityShareDue(1_000, 1_000 + ACTIVITY_SHARE_MS)).toBe(true);
  });
});
