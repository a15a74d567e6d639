import { describe, expect, it, vi } from 'vitest';
import { copyHoldersOn, type Locks } from '../../../src/data/firebase/copyHolders';

/** One browser's lock manager as its pages see it: each page is a client; closing it lets go. */
function browserLocks() {
  let held: { name: string; mode: LockMode; clientId: string }[] = [];
  const page = (clientId: string): NonNullable<Locks> => ({
    request: ((name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) => {
      held.push({ name, mode: options.mode ?? 'exclusive', clientId });
      return Promise.resolve(callback({ name, mode: options.mode ?? 'exclusive' }));
    }) as LockManager['request'],
    query: () => Promise.resolve({ held: held.map((lock) => ({ ...lock })), pending: [] }),
  });
  return {
    page,
    close(clientId: string) {
      held = held.filter((lock) => lock.clientId !== clientId);
    },
  };
}

describe('which pages hold the device copy open', () => {
  it('a page alone with the copy sees no other', async () => {
    const browser = browserLocks();
    const holders = copyHoldersOn(browser.page('a'));
    holders.hold();
    await expect(holders.othersHold()).resolves.toBe(false);
  });

  it('a second page holding it open is seen by both, and no longer once it closes', async () => {
    const browser = browserLocks();
    const first = copyHoldersOn(browser.page('a'));
    const second = copyHoldersOn(browser.page('b'));
    first.hold();
    second.hold();
    await expect(first.othersHold()).resolves.toBe(true);
    await expect(second.othersHold()).resolves.toBe(true);
    browser.close('b');
    await expect(first.othersHold()).resolves.toBe(false);
  });

  it('a page that never opened the copy counts every holder as another', async () => {
    const browser = browserLocks();
    copyHoldersOn(browser.page('a')).hold();
    const landing = copyHoldersOn(browser.page('b'));
    await expect(landing.othersHold()).resolves.toBe(true);
  });

  it('holding twice takes one share', async () => {
    const browser = browserLocks();
    const first = copyHoldersOn(browser.page('a'));
    first.hold();
    first.hold();
    await expect(first.othersHold()).resolves.toBe(false);
  });

  it('a lock manager that refuses the share leaves the page counting others only', async () => {
    const browser = browserLocks();
    copyHoldersOn(browser.page('a')).hold();
    const refusing = { ...browser.page('b'), request: (() => Promise.reject(new Error('SecurityError'))) as LockManager['request'] };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const holders = copyHoldersOn(refusing);
    holders.hold();
    await expect(holders.othersHold()).resolves.toBe(true);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('without Web Locks it cannot tell and says no', async () => {
    const holders = copyHoldersOn(undefined);
    holders.hold();
    await expect(holders.othersHold()).resolves.toBe(false);
  });
});
