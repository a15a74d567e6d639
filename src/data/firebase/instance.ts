import { appConfig } from '../appConfig';
import { createFirebaseServices, type FirebaseServices } from './services';

let services: FirebaseServices | undefined;

/** The app's one set of Firebase services, made on first use from the start-up configuration. */
export function firebaseServices(): FirebaseServices {
  services ??= createFirebaseServices(appConfig());
  return services;
}
