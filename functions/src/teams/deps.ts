import { adminAuth, adminFirestore } from '../lib/admin';
import type { TeamDeps } from './store';

// The I/O the team callables use, replaceable in tests.

export interface Account {
  readonly uid: string;
  readonly email: string | null;
  /** Whether the address has been proven; an unproven one counts as no account (docs/invitations.md). */
  readonly emailVerified: boolean;
}

export interface TeamCallableDeps extends TeamDeps {
  /** The Auth account with this (lower-cased) address, or null when there is none. */
  readonly accountByEmail: (email: string) => Promise<Account | null>;
  /** Whether the Auth user still exists: a deleted account's ID token stays valid for up to an hour. */
  readonly authUserExists: (uid: string) => Promise<boolean>;
}

function isUserNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/user-not-found';
}

async function orNull(load: () => Promise<{ uid: string; email?: string; emailVerified: boolean }>): Promise<Account | null> {
  try {
    const user = await load();
    return { uid: user.uid, email: user.email?.toLowerCase() ?? null, emailVerified: user.emailVerified };
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

export function defaultTeamDeps(): TeamCallableDeps {
  return {
    db: adminFirestore,
    now: Date.now,
    accountByEmail: (email) => orNull(() => adminAuth().getUserByEmail(email)),
    authUserExists: async (uid) => (await orNull(() => adminAuth().getUser(uid))) !== null,
  };
}
