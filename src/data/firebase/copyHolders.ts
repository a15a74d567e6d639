// Which pages of this browser have the device copy open, told by the Web Locks API: every page that
// opens the copy holds one shared lock for as long as it lives, and the browser lets go of it when
// the page goes (closed, reloaded, crashed). Deleting the copy needs every other page gone (the
// other page would keep writing to it); asking first means a refused deletion leaves this page's
// live reads running instead of ended.

const HOLDERS_LOCK = 'keyloft.deviceCopy.open';

/** Where the locks live: navigator.locks in the app; undefined where the browser has none. */
export type Locks = Pick<LockManager, 'request' | 'query'> | undefined;

export interface CopyHolders {
  /** Holds this page's share of the lock until the page goes. */
  hold(): void;
  /**
   * True when another page holds the copy open. Without Web Locks it cannot tell, and says false:
   * the database's own check then refuses the deletion (and this page must load again).
   */
  othersHold(): Promise<boolean>;
}

export function copyHoldersOn(locks: Locks): CopyHolders {
  // This page's share: null until it asks; true once granted (false if the browser refused it).
  let ours: Promise<boolean> | null = null;
  return {
    hold() {
      if (locks === undefined || ours !== null) return;
      ours = new Promise<boolean>((granted) => {
        locks
          .request(HOLDERS_LOCK, { mode: 'shared' }, () => {
            granted(true);
            return new Promise<never>(() => undefined);
          })
          .catch((error: unknown) => {
            console.error('Could not take the device copy lock', error);
            granted(false);
          });
      });
    },
    async othersHold() {
      if (locks === undefined) return false;
      const thisPage = ours !== null && (await ours) ? 1 : 0;
      const { held = [] } = await locks.query();
      return held.filter((lock) => lock.name === HOLDERS_LOCK).length > thisPage;
    },
  };
}

let thisPage: CopyHolders | null = null;

/** This page's census, on the browser's own locks. */
export function pageCopyHolders(): CopyHolders {
  thisPage ??= copyHoldersOn(typeof navigator === 'undefined' ? undefined : navigator.locks);
  return thisPage;
}
