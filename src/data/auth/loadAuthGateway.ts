import { appConfig } from '../appConfig';
import { firebaseServices } from '../firebase/instance';
import type { AuthGateway } from './authGateway';

let gateway: Promise<AuthGateway> | undefined;

/** The Firebase-backed AuthGateway, loaded (with the Auth SDK) the first time it is asked for. */
export function loadAuthGateway(): Promise<AuthGateway> {
  gateway ??= Promise.all([firebaseServices().auth(), import('./firebaseAuthGateway')])
    .then(([auth, { createFirebaseAuthGateway }]) =>
      createFirebaseAuthGateway(auth, { emulator: appConfig().emulators !== null }),
    )
    .catch((error: unknown) => {
      gateway = undefined;
      throw error;
    });
  return gateway;
}
