import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { createAutoLockPreferences, type AutoLockPreferences } from '../../../src/session/autoLock';
import type { TabActivity } from '../../../src/session/linkTabs';
import { createSessionStore, type SessionStore } from '../../../src/session/sessionStore';
import { IDLE_CHECK_MS, useAutoLock } from '../../../src/session/useAutoLock';
import { MemoryStorage } from '../../support/memoryStorage';

const ana: AuthUser = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' };
const keys = { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey };

function Probe({ store, preferences, tabs }: { store: SessionStore; preferences: AutoLockPreferences; tabs?: TabActivity }) {
  useAutoLock(store, preferences, tabs);
  return null;
}

function setup(settings?: { idleMinutes: number; lockWhenHidden: boolean }, tabs?: TabActivity) {
  const store = createSessionStore(new MemoryStorage());
  const preferences = createAutoLockPreferences(new MemoryStorage());
  if (settings) preferences.set('ana', settings);
  store.unlock(ana, keys, 'ciphertext');
  render(<Probe store={store} preferences={preferences} tabs={tabs} />);
  return { store, preferences };
}

/** The other tabs as the idle lock sees them: activity shared from here, activity heard from there. */
function otherTabs() {
  const listeners = new Set<() => void>();
  const shareActivity = vi.fn();
  const tabs: TabActivity = {
    shareActivity,
    onActivityElsewhere: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  const activeElsewhere = () => {
    act(() => {
      for (const listener of listeners) listener();
    });
  };
  return { tabs, shareActivity, activeElsewhere, listening: () => listeners.size };
}

function elapse(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
});

describe('useAutoLock', () => {
  it('locks an idle vault after 15 minutes by default, keeping the user signed in', () => {
    const { store } = setup();
    elapse(15 * 60_000 - IDLE_CHECK_MS);
    expect(store.getState().status).toBe('unlocked');
    elapse(IDLE_CHECK_MS);
    expect(store.getState()).toEqual({ status: 'locked', user: ana });
    expect(store.keys()).toBeNull();
  });

  it('counts keyboard and pointer activity', () => {
    const { store } = setup({ idleMinutes: 5, lockWhenHidden: false });
    elapse(4 * 60_000);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    elapse(4 * 60_000);
    expect(store.getState().status).toBe('unlocked');
    elapse(60_000 + IDLE_CHECK_MS);
    expect(store.getState().status).toBe('locked');
  });

  it('follows a changed limit at once', () => {
    const { store, preferences } = setup();
    elapse(60_000);
    act(() => {
      preferences.set('ana', { idleMinutes: 1, lockWhenHidden: false });
    });
    elapse(60_000 + IDLE_CHECK_MS);
    expect(store.getState().status).toBe('locked');
  });

  it('locks when the tab is hidden only if the user chose it', () => {
    const first = setup();
    setVisibility('hidden');
    expect(first.store.getState().status).toBe('unlocked');
    setVisibility('visible');

    const second = setup({ idleMinutes: 15, lockWhenHidden: true });
    setVisibility('hidden');
    expect(second.store.getState().status).toBe('locked');
  });

  it('checks at once on coming back to the tab (timers of a hidden tab are throttled)', () => {
    const { store } = setup({ idleMinutes: 5, lockWhenHidden: false });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    setVisibility('visible');
    expect(store.getState().status).toBe('locked');
  });

  it('counts activity in another tab of the same user: idle means every tab idle (issue #22)', () => {
    const other = otherTabs();
    const { store } = setup({ idleMinutes: 5, lockWhenHidden: false }, other.tabs);
    elapse(4 * 60_000);
    other.activeElsewhere();
    elapse(4 * 60_000);
    expect(store.getState().status).toBe('unlocked');
    elapse(60_000 + IDLE_CHECK_MS);
    expect(store.getState().status).toBe('locked');
  });

  it('shares activity here with the other tabs, and stops listening once locked', () => {
    const other = otherTabs();
    const { store } = setup(undefined, other.tabs);
    expect(other.listening()).toBe(1);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    expect(other.shareActivity).toHaveBeenCalledTimes(1);
    act(() => {
      store.lock();
    });
    expect(other.listening()).toBe(0);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    expect(other.shareActivity).toHaveBeenCalledTimes(1);
  });
});
