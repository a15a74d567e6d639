import { describe, expect, it, vi } from 'vitest';
import type { AuthGateway, AuthUser } from '../../../src/data/auth/authGateway';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { createSessionStore, PRIVATE_KEY_STORAGE_KEY } from '../../../src/session/sessionStore';
import { watchAuth } from '../../../src/session/watchAuth';
import { MemoryStorage } from '../../support/memoryStorage';

const ana: AuthUser = { uid: 'ana', email: 'ana@example.com', emailVerified: false, provider: 'password' };
const bob: AuthUser = { uid: 'bob', email: 'bob@example.com', emailVerified: true, provider: 'google' };
const keys = { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey };

describe('session store', () => {
  it('starts signed out with no keys', () => {
    const store = createSessionStore(new MemoryStorage());
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(store.keys()).toBeNull();
  });

  it('unlock keeps the keys in memory and the encrypted private key in session storage', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.unlock(ana, keys, 'ciphertext');
    expect(store.getState()).toEqual({ status: 'unlocked', user: ana });
    expect(store.keys()).toBe(keys);
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).toBe('ciphertext');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lock forgets the keys but keeps the user signed in; it does nothing unless the vault is open', () => {
    const store = createSessionStore(new MemoryStorage());
    store.lock();
    expect(store.getState()).toEqual({ status: 'signed-out' });
    store.unlock(ana, keys, 'ciphertext');
    const listener = vi.fn();
    store.subscribe(listener);
    store.lock();
    expect(store.getState()).toEqual({ status: 'locked', user: ana });
    expect(store.keys()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    store.lock();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clear forgets the keys and the session item', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage);
    store.unlock(ana, keys, 'ciphertext');
    store.clear();
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(store.keys()).toBeNull();
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).toBeNull();
  });

  it('a refresh of the unlocked user keeps the vault open; another user locks it', () => {
    const store = createSessionStore(new MemoryStorage());
    store.unlock(ana, keys, 'ciphertext');
    store.markLocked({ ...ana, emailVerified: true });
    expect(store.getState()).toEqual({ status: 'unlocked', user: { ...ana, emailVerified: true } });
    store.markLocked(bob);
    expect(store.getState()).toEqual({ status: 'locked', user: bob });
    expect(store.keys()).toBeNull();
  });

  it('an unsubscribed listener hears nothing more', () => {
    const store = createSessionStore(new MemoryStorage());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.markLocked(ana);
    expect(listener).not.toHaveBeenCalled();
  });

  it('what was opened with the keys is forgotten with them: on lock, logout, another user, new keys; not on a refresh', () => {
    const store = createSessionStore(new MemoryStorage());
    const forget = vi.fn();
    const stop = store.onKeysForgotten(forget);
    store.lock();
    store.clear();
    expect(forget).not.toHaveBeenCalled();
    store.unlock(ana, keys, 'ciphertext');
    store.markLocked(ana);
    expect(forget).not.toHaveBeenCalled();
    store.lock();
    expect(forget).toHaveBeenCalledTimes(1);
    store.unlock(ana, keys, 'ciphertext');
    store.clear();
    expect(forget).toHaveBeenCalledTimes(2);
    store.unlock(ana, keys, 'ciphertext');
    store.markLocked(bob);
    expect(forget).toHaveBeenCalledTimes(3);
    store.unlock(ana, keys, 'ciphertext');
    store.unlock(bob, { ...keys }, 'other');
    expect(forget).toHaveBeenCalledTimes(4);
    stop();
    store.lock();
    expect(forget).toHaveBeenCalledTimes(4);
  });
});

describe('watchAuth', () => {
  function gatewayEmitting(): { gateway: AuthGateway; emit: (user: AuthUser | null) => void } {
    let listener: ((user: AuthUser | null) => void) | undefined;
    const gateway = {
      onUserChanged: (callback: (user: AuthUser | null) => void) => {
        listener = callback;
        return () => undefined;
      },
    } as unknown as AuthGateway;
    return { gateway, emit: (user) => listener?.(user) };
  }

  it('locks a user found at start-up (keys never survive a reload)', () => {
    const store = createSessionStore(new MemoryStorage());
    const { gateway, emit } = gatewayEmitting();
    watchAuth(gateway, store);
    emit(ana);
    expect(store.getState()).toEqual({ status: 'locked', user: ana });
  });

  it('a sign-out elsewhere clears the keys here', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage);
    const { gateway, emit } = gatewayEmitting();
    watchAuth(gateway, store);
    store.unlock(ana, keys, 'ciphertext');
    emit(null);
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(store.keys()).toBeNull();
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).toBeNull();
  });
});
