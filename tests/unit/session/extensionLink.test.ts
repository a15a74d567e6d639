// Issue #45: the web vault and the extension lock together, and the extension follows the user's
// auto-lock choice. The session side over a stand-in connection; the connection over a stand-in
// chrome.runtime.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { DEV_EXTENSION_ID, extensionId, openExtensionConnection, PORT_NAME, type ExtensionHandlers, type PageRuntime } from '../../../src/data/extensionConnection';
import { createAutoLockPreferences } from '../../../src/session/autoLock';
import { EXTENSION_LOCK, isExtensionLock, linkExtension, type ToExtension } from '../../../src/session/extensionLink';
import { createSessionStore } from '../../../src/session/sessionStore';
import { MemoryStorage } from '../../support/memoryStorage';

const ana: AuthUser = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' };
const keys = { vaultKey: { kind: 'vault' } as unknown as VaultKey, privateKey: { kind: 'private' } as PrivateKey };

function linked(options: { connected?: boolean } = {}) {
  const store = createSessionStore(new MemoryStorage());
  const preferences = createAutoLockPreferences(new MemoryStorage());
  const posted: ToExtension[] = [];
  let handlers: ExtensionHandlers | undefined;
  const close = vi.fn();
  const stop = linkExtension(store, preferences, (given) => {
    handlers = given;
    return options.connected === false ? null : { post: (message) => posted.push(message), close };
  });
  return { store, preferences, posted, handlers: () => handlers!, close, stop };
}

describe('the web vault linked to the extension', () => {
  it('tells the extension to lock when the vault locks or the user signs out, and nothing on unlock', () => {
    const { store, posted } = linked();
    store.markLocked(ana);
    store.unlock(ana, keys, 'ciphertext');
    posted.length = 0;
    store.lock();
    expect(posted).toEqual([EXTENSION_LOCK]);
    store.unlock(ana, keys, 'ciphertext');
    expect(posted).toEqual([EXTENSION_LOCK]);
    store.clear();
    expect(posted).toEqual([EXTENSION_LOCK, EXTENSION_LOCK]);
  });

  it('locks an open vault when the extension says lock, and on nothing else', () => {
    const { store, handlers } = linked();
    store.unlock(ana, keys, 'ciphertext');
    for (const raw of [{ kind: 'keyloft/lock', v: 2 }, { kind: 'keyloft/lock', v: 1, now: true }, 'keyloft/lock', null, { kind: 'keyloft/auto-lock', v: 1, idleMinutes: 1 }]) {
      handlers().onMessage(raw);
      expect(store.getState().status).toBe('unlocked');
    }
    handlers().onMessage({ kind: 'keyloft/lock', v: 1 });
    expect(store.getState().status).toBe('locked');
    expect(store.keys()).toBeNull();
    expect(isExtensionLock(EXTENSION_LOCK)).toBe(true);
  });

  it('sends the signed-in user’s idle choice at once, on every change, and again after a reconnection', () => {
    const { store, preferences, posted, handlers } = linked();
    expect(posted).toEqual([]);
    store.markLocked(ana);
    expect(posted).toEqual([{ kind: 'keyloft/auto-lock', v: 1, idleMinutes: 15 }]);
    preferences.set('ana', { idleMinutes: 60, lockWhenHidden: false });
    expect(posted.at(-1)).toEqual({ kind: 'keyloft/auto-lock', v: 1, idleMinutes: 60 });
    posted.length = 0;
    handlers().onReconnect();
    expect(posted).toEqual([{ kind: 'keyloft/auto-lock', v: 1, idleMinutes: 60 }]);
  });

  it('does nothing without an extension, and stops listening when stopped', () => {
    const absent = linked({ connected: false });
    absent.store.unlock(ana, keys, 'ciphertext');
    absent.store.lock();
    expect(absent.posted).toEqual([]);
    const present = linked();
    present.store.unlock(ana, keys, 'ciphertext');
    present.stop();
    expect(present.close).toHaveBeenCalledTimes(1);
    present.posted.length = 0;
    present.store.lock();
    expect(present.posted).toEqual([]);
  });
});

/** A stand-in for a page's chrome.runtime: ports that can be dropped by the "extension". */
function runtime() {
  const ports: { name: string; id: string; posted: unknown[]; receive(message: unknown): void; drop(): void; disconnected: boolean }[] = [];
  const page: PageRuntime & { lastErrorRead: number } = {
    lastErrorRead: 0,
    get lastError() {
      page.lastErrorRead += 1;
      return undefined;
    },
    connect(id, info) {
      const onMessage: ((message: unknown) => void)[] = [];
      const onDisconnect: (() => void)[] = [];
      const port = {
        name: info.name, id, posted: [] as unknown[], disconnected: false,
        receive: (message: unknown) => { for (const listener of onMessage) listener(message); },
        drop: () => { for (const listener of onDisconnect) listener(); },
      };
      ports.push(port);
      return {
        postMessage: (message) => port.posted.push(message),
        disconnect: () => { port.disconnected = true; },
        onMessage: { addListener: (listener) => onMessage.push(listener) },
        onDisconnect: { addListener: (listener) => onDisconnect.push(listener) },
      };
    },
  };
  return { page, ports };
}

describe('the connection to the extension', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is none where the page has no chrome.runtime (no extension lists this origin)', () => {
    expect(openExtensionConnection(DEV_EXTENSION_ID, { onMessage: vi.fn(), onReconnect: vi.fn() }, undefined)).toBeNull();
  });

  it('connects to the extension’s id, posts and hears on that port, and reads the drop’s error so Chrome logs none', () => {
    const { page, ports } = runtime();
    const onMessage = vi.fn();
    const connection = openExtensionConnection(DEV_EXTENSION_ID, { onMessage, onReconnect: vi.fn() }, page)!;
    expect(ports.map(({ id, name }) => ({ id, name }))).toEqual([{ id: DEV_EXTENSION_ID, name: PORT_NAME }]);
    connection.post(EXTENSION_LOCK);
    expect(ports[0]!.posted).toEqual([EXTENSION_LOCK]);
    ports[0]!.receive({ kind: 'keyloft/lock', v: 1 });
    expect(onMessage).toHaveBeenCalledWith({ kind: 'keyloft/lock', v: 1 });
    ports[0]!.drop();
    expect(page.lastErrorRead).toBe(1);
    connection.close();
  });

  it('gives up on a port dropped at once (no such extension), and opens again one that lived (a stopped worker)', () => {
    vi.useFakeTimers();
    let now = 0;
    const { page, ports } = runtime();
    const onReconnect = vi.fn();
    const connection = openExtensionConnection(DEV_EXTENSION_ID, { onMessage: vi.fn(), onReconnect }, page, () => now)!;
    now = 5_000;
    ports[0]!.drop();
    vi.advanceTimersByTime(1_000);
    expect(ports).toHaveLength(2);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    ports[1]!.drop();
    vi.advanceTimersByTime(5_000);
    expect(ports).toHaveLength(2);
    connection.close();
  });

  it('closes its port when closed, and does not open another', () => {
    vi.useFakeTimers();
    let now = 0;
    const { page, ports } = runtime();
    const connection = openExtensionConnection(DEV_EXTENSION_ID, { onMessage: vi.fn(), onReconnect: vi.fn() }, page, () => now)!;
    connection.close();
    expect(ports[0]!.disconnected).toBe(true);
    now = 5_000;
    ports[0]!.drop();
    vi.advanceTimersByTime(5_000);
    expect(ports).toHaveLength(1);
  });
});

describe('the extension’s id', () => {
  it('is the committed key’s id by default, or the one configured, checked', () => {
    expect(extensionId({})).toBe(DEV_EXTENSION_ID);
    expect(extensionId({ VITE_EXTENSION_ID: 'abcdefghijklmnopabcdefghijklmnop' })).toBe('abcdefghijklmnopabcdefghijklmnop');
    expect(() => extensionId({ VITE_EXTENSION_ID: 'not-an-id' })).toThrow('VITE_EXTENSION_ID: "not-an-id" is not an extension id (32 letters a to p)');
  });
});
