import { deviceCopyEnabled } from '../firebase/deviceCopy';
import { pageCopyHolders } from '../firebase/copyHolders';
import type { KeyValueStorage } from '../keyValueStorage';
import { indexedDbDeviceCopy } from './indexedDbStore';
import type { DeviceCopyStore } from './store';

let thisPage: DeviceCopyStore | null | undefined;

/**
 * This page's device copy, or null when the browser keeps none (turned off in Account Settings,
 * read once per page load; or no IndexedDB). A page that opens it holds its share of the
 * copy-holders lock for its lifetime, so a removal can tell it is open elsewhere.
 */
export function pageDeviceCopy(): DeviceCopyStore | null {
  if (thisPage !== undefined) return thisPage;
  if (typeof indexedDB === 'undefined' || !deviceCopyEnabled(window.localStorage)) return (thisPage = null);
  pageCopyHolders().hold();
  removeEarlierCopies(window.localStorage).catch((error: unknown) => {
    // Left for the next page load, or for the removal in Account Settings.
    console.warn('Could not remove the device copy of an earlier release', error);
  });
  return (thisPage = indexedDbDeviceCopy());
}

/** localStorage of earlier releases: which vaults Firestore's cache held whole. */
const EARLIER_SYNCED_KEY = 'keyloft.syncedVaults';

/**
 * The device copy of earlier releases: Firestore's persistent cache (databases 'firestore/…') and
 * the note of which vaults it held. Its deletion waits for any page of an earlier release still
 * holding it, without holding this one up.
 */
export async function removeEarlierCopies(storage: Pick<KeyValueStorage, 'removeItem'>): Promise<void> {
  storage.removeItem(EARLIER_SYNCED_KEY);
  let databases: string[];
  try {
    databases = (await indexedDB.databases()).map((database) => database.name ?? '');
  } catch {
    // A browser that cannot list its databases (Firefox before 126): nothing is known to remove.
    databases = [];
  }
  await Promise.all(
    databases
      .filter((name) => name.startsWith('firestore/'))
      .map(
        (name) =>
          new Promise<void>((settled) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = request.onerror = request.onblocked = () => {
              settled();
            };
          }),
      ),
  );
}
