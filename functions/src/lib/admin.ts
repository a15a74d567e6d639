import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

// One default Admin app per process, created on first use rather than at module load, so that
// loading the code (deploy analysis, the emulator, unit tests) never initialises Firebase.
export function adminAuth(): Auth {
  if (getApps().length === 0) initializeApp();
  return getAuth();
}
