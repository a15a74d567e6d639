import { firebaseServices } from '../firebase/instance';

// Typed wrappers of the callable functions (SPEC.md §7). Region us-central1 comes from the
// services; every call times out after 70 s as the spec fixes.

export const CALLABLE_TIMEOUT_MS = 70_000;

async function call<Request, Response>(name: string, data: Request): Promise<Response> {
  const [functions, { httpsCallable }] = await Promise.all([firebaseServices().functions(), import('firebase/functions')]);
  const callable = httpsCallable<Request, Response>(functions, name, { timeout: CALLABLE_TIMEOUT_MS });
  return (await callable(data)).data;
}

export async function sendCustomEmailVerification(isDevelopment: boolean): Promise<void> {
  await call<{ isDevelopment: boolean }, unknown>('sendCustomEmailVerification', { isDevelopment });
}
