import { clearIndexedDbPersistence, terminate } from 'firebase/firestore';
import { pageCopyHolders } from './firebase/copyHolders';
import { firebaseServices } from './firebase/instance';
import { connectionOf, endReadsQuietly, type Connection } from './firestore/liveServer';
import { syncedVaults } from './firestore/syncedVaults';

// What the device copy's screens do with Firestore (docs/vault.md, "The device copy"), loaded when
// they first need it: the landing page's bundle carries none of it.

/** Whether the server answers (the live reads' finding), for the screens' offline state. */
export async function loadConnection(): Promise<Connection> {
  return connectionOf(await firebaseServices().firestore());
}

/** The refusal Firestore itself gives while another tab has the copy open. */
export class CopyInUseError extends Error {
  readonly code = 'failed-precondition';
  constructor() {
    super('Another page of Keyloft has the device copy open.');
    this.name = 'CopyInUseError';
  }
}

/**
 * Ends this page's Firestore, deletes the device copy and forgets which vaults it held; the page
 * must load again afterwards. Rejects with code 'failed-precondition' while another tab of the
 * app still has the copy open: before anything ends when the browser can tell (Web Locks), so the
 * page reads on as before.
 */
export async function clearDeviceCopy(): Promise<void> {
  const db = await firebaseServices().firestore();
  if (await pageCopyHolders().othersHold()) throw new CopyInUseError();
  endReadsQuietly(db);
  await terminate(db);
  await clearIndexedDbPersistence(db);
  syncedVaults(window.localStorage).forgetAll();
}
