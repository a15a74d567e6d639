import { randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { defaultMailer, type Mailer } from '../email';
import { adminAuth, adminFirestore } from '../lib/admin';
import { appUrl } from '../params';
import { defaultTeamDeps, type Account } from '../teams/deps';
import { runsOnEmulator } from '../verification/decide';

// The I/O the email-change callables use, replaceable in tests.

export interface EmailChangeDeps {
  readonly db: () => Firestore;
  readonly now: () => number;
  readonly accountByEmail: (email: string) => Promise<Account | null>;
  /** The Auth account's address and verified flag; the link proves the new address is read. */
  readonly setAuthEmail: (uid: string, email: string) => Promise<void>;
  readonly mailer: () => Mailer;
  readonly appUrl: () => string;
  readonly onEmulator: () => boolean;
  /** A fresh single-use token: 32 random bytes, base64url. */
  readonly newToken: () => string;
}

export function defaultEmailChangeDeps(): EmailChangeDeps {
  const { accountByEmail } = defaultTeamDeps();
  return {
    db: adminFirestore,
    now: Date.now,
    accountByEmail,
    setAuthEmail: async (uid, email) => {
      await adminAuth().updateUser(uid, { email, emailVerified: true });
    },
    mailer: defaultMailer,
    appUrl: () => appUrl.value(),
    onEmulator: () => runsOnEmulator(process.env),
    newToken: () => randomBytes(32).toString('base64url'),
  };
}
