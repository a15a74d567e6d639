import type { FirebaseApp } from 'firebase/app';
import {
  CACHE_SIZE_UNLIMITED,
  connectFirestoreEmulator,
  getFirestore,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import type { EmulatorHosts } from '../config';
import { pageCopyHolders } from './copyHolders';

/**
 * The app's Firestore: with the device copy, its cache is in this browser's IndexedDB, shared by
 * the app's tabs and never evicted (a vault read whole opens from the device only while all of
 * it is there; the copy is ciphertext the user can clear: Account Settings, logout). Without it,
 * or where there is no IndexedDB (Node), the cache is in memory.
 */
export function firestoreOn(app: FirebaseApp, emulators: EmulatorHosts | null, deviceCopy: boolean): Firestore {
  const onDevice = deviceCopy && typeof indexedDB !== 'undefined';
  const instance = onDevice
    ? initializeFirestore(app, { localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager(), cacheSizeBytes: CACHE_SIZE_UNLIMITED }) })
    : getFirestore(app);
  if (onDevice) pageCopyHolders().hold();
  if (emulators) connectFirestoreEmulator(instance, emulators.host, emulators.firestorePort);
  return instance;
}
