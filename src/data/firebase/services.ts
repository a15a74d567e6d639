// The one place that initialises Firebase. Every SDK is imported dynamically so that the public
// pages never download it; the first feature that needs a service pays for it.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { Firestore as LiteFirestore } from 'firebase/firestore/lite';
import type { Functions } from 'firebase/functions';
import type { AppConfig } from '../config';
import { FUNCTIONS_REGION } from '../config';

export interface FirebaseServices {
  app(): Promise<FirebaseApp>;
  auth(): Promise<Auth>;
  firestore(): Promise<Firestore>;
  /** The lite SDK on the same app: reads without a cache or a listen stream (whole-vault pages). */
  firestoreLite(): Promise<LiteFirestore>;
  functions(): Promise<Functions>;
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      // A failed chunk load must not poison every later attempt.
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** `appName` keeps separate instances apart (tests); the app itself uses the default one. */
export function createFirebaseServices(config: AppConfig, appName?: string): FirebaseServices {
  const emulators = config.emulators;

  const app = once(async () => {
    const { initializeApp } = await import('firebase/app');
    return appName === undefined ? initializeApp({ ...config.firebase }) : initializeApp({ ...config.firebase }, appName);
  });

  const auth = once(async () => {
    const [{ getAuth, connectAuthEmulator }, firebaseApp] = await Promise.all([import('firebase/auth'), app()]);
    const instance = getAuth(firebaseApp);
    if (emulators) {
      connectAuthEmulator(instance, `http://${emulators.host}:${emulators.authPort}`, { disableWarnings: true });
    }
    return instance;
  });

  const firestore = once(async () => {
    const [{ firestoreOn }, firebaseApp] = await Promise.all([import('./firestoreInstance'), app()]);
    return firestoreOn(firebaseApp, emulators);
  });

  // The lite SDK on the same app (and so the same signed-in user): whole-vault reads in pages.
  const firestoreLite = once(async () => {
    const [{ getFirestore, connectFirestoreEmulator }, firebaseApp] = await Promise.all([import('firebase/firestore/lite'), app()]);
    const instance = getFirestore(firebaseApp);
    if (emulators) connectFirestoreEmulator(instance, emulators.host, emulators.firestorePort);
    return instance;
  });

  const functions = once(async () => {
    const [{ getFunctions, connectFunctionsEmulator }, firebaseApp] = await Promise.all([
      import('firebase/functions'),
      app(),
    ]);
    const instance = getFunctions(firebaseApp, FUNCTIONS_REGION);
    if (emulators) connectFunctionsEmulator(instance, emulators.host, emulators.functionsPort);
    return instance;
  });

  return { app, auth, firestore, firestoreLite, functions };
}
