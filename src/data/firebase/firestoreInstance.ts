import type { FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import type { EmulatorHosts } from '../config';

/**
 * The app's Firestore, its cache in memory. The device copy is kept by the app itself
 * (data/deviceCopy): Firestore's persistent cache made each listener scan every cached document of
 * the collection on the main thread at each unlock (docs/vault.md, "The device copy").
 */
export function firestoreOn(app: FirebaseApp, emulators: EmulatorHosts | null): Firestore {
  const instance = getFirestore(app);
  if (emulators) connectFirestoreEmulator(instance, emulators.host, emulators.firestorePort);
  return instance;
}
