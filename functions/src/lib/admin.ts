import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

// One default Admin app per process, created on first use rather than at module load, so that
// loading the code (deploy analysis, the emulator, unit tests) never initialises Firebase.
function ensureApp(): void {
  if (getApps().length === 0) initializeApp();
}

export function adminAuth(): Auth {
  ensureApp();
  return getAuth();
}

export function adminFirestore(): Firestore {
  ensureApp();
  return getFirestore();
}
