// Issue #22 item 4, "Tabs agree": sessions of several tabs linked over an in-memory channel set
// that behaves like BroadcastChannel (tests/support/memoryTabChannels.ts).
import { describe, expect, it, vi } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { linkTabs, type TabLink } from '../../../src/session/linkTabs';
import { createSessionStore, type SessionStore } from '../../../src/session/sessionStore';
import { ACTIVITY_SHARE_MS } from '../../../src/session/tabSignals';
import { MemoryStorage } from '../../support/memoryStorage';
import { memoryTabChannels } from '../../support/memoryTabChannels';

const ana: AuthUser = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' };
const bob: AuthUser = { uid: 'bob', email: 'bob@example.com', emailVerified: true, provider: 'google' };
const keysOf = (name: string) => ({ vaultKey: { kind: 'vault', name } as unknown as VaultKey, privateKey: { kind: 'private' } as PrivateKey });

interface Tab {
  readonly store: SessionStore;
  readonly link: TabLink;
  readonly forgotten: ReturnType<typeof vi.fn>;
}

function browser(count: number, options: { clock?: () => number } = {}) {
  const net = memoryTabChannels();
  const tabs = Array.from({ length: count }, (): Tab => {
    const store = createSessionStore(new MemoryStorage());
    const forgotten = vi.fn();
    store.onKeysForgotten(forgotten);
    return { store, link: linkTabs(store, net.open(), options.clock), forgotten };
  });
  return { ...net, tabs: tabs as [Tab, Tab, ...Tab[]] };
}

function unlock(tab: Tab, user: AuthUser = ana) {
  tab.store.unlock(user, keysOf(user.uid), 'ciphertext');
}

describe('tabs of one browser', () => {
  it('a lock in one tab locks the other holding the same user’s keys, and they forget them', () => {
    const { tabs: [a, b], deliver, posted } = browser(2);
    unlock(a);
    unlock(b);
    a.store.lock();
    expect(b.store.getState().status).toBe('unlocked'); // delivered in a later task, as BroadcastChannel does
    deliver();
    expect(b.store.getState()).toEqual({ status: 'locked', user: ana });
    expect(b.store.keys()).toBeNull();
    expect(b.forgotten).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([{ from: 0, message: { kind: 'locked', uid: 'ana' } }]);
  });

  it('a logout in one tab signs the other out at once, ahead of the auth service', () => {
    const { tabs: [a, b], deliver, posted } = browser(2);
    unlock(a);
    unlock(b);
    a.store.clear();
    deliver();
    expect(b.store.getState()).toEqual({ status: 'signed-out' });
    expect(b.store.keys()).toBeNull();
    expect(posted).toEqual([{ from: 0, message: { kind: 'signed-out', uid: 'ana' } }]);
  });

  it('unlocking stays in its tab: nothing is posted and the other tab stays locked', () => {
    const { tabs: [a, b], deliver, posted } = browser(2);
    a.store.markLocked(ana);
    b.store.markLocked(ana);
    unlock(a);
    deliver();
    expect(posted).toEqual([]);
    expect(b.store.getState()).toEqual({ status: 'locked', user: ana });
    expect(b.store.keys()).toBeNull();
  });

  it('unlocking one tab leaves an open one as it is', () => {
    const { tabs: [a, b], deliver } = browser(2);
    unlock(b);
    unlock(a);
    deliver();
    expect(b.store.keys()).toEqual(keysOf('ana'));
    expect(b.forgotten).not.toHaveBeenCalled();
  });

  it('another user’s lock or logout changes nothing', () => {
    const { tabs: [a, b], deliver } = browser(2);
    unlock(a, bob);
    unlock(b, ana);
    a.store.lock();
    unlock(a, bob);
    a.store.clear();
    deliver();
    expect(b.store.getState()).toEqual({ status: 'unlocked', user: ana });
    expect(b.forgotten).not.toHaveBeenCalled();
  });

  it('a lock caused by a signal is not announced again: one message, however many tabs', () => {
    const { tabs, deliver, posted } = browser(4);
    for (const tab of tabs) unlock(tab);
    tabs[2]?.store.lock();
    deliver();
    for (const tab of tabs) expect(tab.store.getState().status).toBe('locked');
    expect(posted).toEqual([{ from: 2, message: { kind: 'locked', uid: 'ana' } }]);
  });

  it('a tab does not hear its own message: unlocked again before delivery, it stays open', () => {
    const { tabs: [a, b], deliver, posted } = browser(2);
    unlock(a);
    unlock(b);
    a.store.lock();
    unlock(a);
    deliver();
    expect(a.store.getState()).toEqual({ status: 'unlocked', user: ana });
    expect(a.store.keys()).toEqual(keysOf('ana'));
    expect(b.store.getState().status).toBe('locked');
    expect(posted).toHaveLength(1);
  });

  it('a sign-out of a locked tab is announced and signs out a locked tab; a signed-out tab stays as it is', () => {
    const { tabs: [a, b, c], deliver, posted } = browser(3);
    a.store.markLocked(ana);
    b.store.markLocked(ana);
    a.store.clear();
    deliver();
    expect(b.store.getState()).toEqual({ status: 'signed-out' });
    expect(c?.store.getState()).toEqual({ status: 'signed-out' });
    expect(posted).toEqual([{ from: 0, message: { kind: 'signed-out', uid: 'ana' } }]);
  });

  it('ignores malformed messages', () => {
    const { tabs: [, b], open, deliver } = browser(2);
    unlock(b);
    const stranger = open();
    stranger.post({ kind: 'unlocked', uid: 'ana' } as never);
    stranger.post({ uid: 'ana' } as never);
    deliver();
    expect(b.store.getState().status).toBe('unlocked');
  });

  it('shares activity with the same user’s other open tabs, at most every ACTIVITY_SHARE_MS', () => {
    let now = 0;
    const { tabs: [a, b, c], deliver, posted } = browser(3, { clock: () => now });
    unlock(a);
    unlock(b);
    unlock(c!, bob);
    const heardByB = vi.fn();
    const heardByC = vi.fn();
    b.link.onActivityElsewhere(heardByB);
    c?.link.onActivityElsewhere(heardByC);
    a.link.shareActivity();
    now += ACTIVITY_SHARE_MS - 1;
    a.link.shareActivity();
    deliver();
    expect(heardByB).toHaveBeenCalledTimes(1);
    expect(heardByC).not.toHaveBeenCalled();
    now += 1;
    a.link.shareActivity();
    deliver();
    expect(heardByB).toHaveBeenCalledTimes(2);
    expect(posted.map(({ message }) => message)).toEqual([
      { kind: 'active', uid: 'ana' },
      { kind: 'active', uid: 'ana' },
    ]);
  });

  it('a locked tab shares no activity', () => {
    const { tabs: [a], posted } = browser(2);
    a.store.markLocked(ana);
    a.link.shareActivity();
    expect(posted).toEqual([]);
  });

  it('stop unlinks the tab and closes its channel', () => {
    const { tabs: [a, b], deliver, posted } = browser(2);
    unlock(a);
    unlock(b);
    b.link.stop();
    a.store.lock();
    b.store.lock();
    deliver();
    expect(posted).toHaveLength(1);
  });
});
