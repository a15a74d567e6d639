import { terminate } from 'firebase/firestore';
import { CopyInUseError, indexedDbDeviceCopy } from './deviceCopy/indexedDbStore';
import { pageDeviceCopy, removeEarlierCopies } from './deviceCopy/pageCopy';
import { pageCopyHolders } from './firebase/copyHolders';
import { firebaseServices } from './firebase/instance';
import { connectionOf, endReadsQuietly, type Connection } from './firestore/liveServer';

// What the device copy's screens do with Firestore (docs/vault.md, "The device copy"), loaded when
// they first need it: the landing page's bundle carries none of it.

export { CopyInUseError };

/** Whether the server answers (the live reads' finding), for the screens' offline state. */
export async function loadConnection(): Promise<Connection> {
  return connectionOf(await firebaseServices().firestore());
}

/**
 * Ends this page's Firestore (so no live read writes to the copy again) and deletes the device
 * copy; the page must load again afterwards. Rejects with code 'failed-precondition' while
 * another tab of the app still has the copy open: before anything ends when the browser can tell
 * (Web Locks), so the page reads on as before.
 */
export async function clearDeviceCopy(): Promise<void> {
  const db = await firebaseServices().firestore();
  if (await pageCopyHolders().othersHold()) throw new CopyInUseError();
  endReadsQuietly(db);
  await terminate(db);
  // The page's copy, or where this page keeps none (turned off since it loaded) what may be left.
  await (pageDeviceCopy() ?? indexedDbDeviceCopy()).clear();
  await removeEarlierCopies(window.localStorage);
}
