import { clearIndexedDbPersistence, terminate } from 'firebase/firestore';
import { firebaseServices } from './firebase/instance';
import { connectionOf, type Connection } from './firestore/liveServer';
import { syncedVaults } from './firestore/syncedVaults';

// What the device copy's screens do with Firestore (docs/vault.md, "The device copy"), loaded when
// they first need it: the landing page's bundle carries none of it.

/** Whether the server answers (the live reads' finding), for the screens' offline state. */
export async function loadConnection(): Promise<Connection> {
  return connectionOf(await firebaseServices().firestore());
}

/**
 * Ends this page's Firestore, deletes the device copy and forgets which vaults it held; the page
 * must load again afterwards. Rejects with code 'failed-precondition' while another tab of the
 * app still has the copy open.
 */
export async function clearDeviceCopy(): Promise<void> {
  const db = await firebaseServices().firestore();
  await terminate(db);
  await clearIndexedDbPersistence(db);
  syncedVaults(window.localStorage).forgetAll();
}
