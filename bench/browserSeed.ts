// Vaults for the browser bench, made by the app's own savePassword (sealed, format 2) and written
// with firebase-admin in batches of 500, as an import would: the browser then reads them through
// the rules as the app does.
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { asStoredCiphertext, unlockVault, type VaultKey } from '../src/crypto';
import type { PasswordRepository, StoredPasswordEntry } from '../src/data/vault/storedEntries';
import type { StoredKdf } from '../src/data/users/userRecord';
import type { ValidPasswordDraft } from '../src/features/vault/form/validatePasswordDraft';
import { savePassword, type PersonalVaultDeps, type VaultDeps } from '../src/features/vault/vaultService';
import { MASTER_PASSWORD } from '../tests/browser/journeys';
import { emulatorAtNormalPriority } from './browserEmulator';

export const BATCH = 500;

/** A PasswordRepository that keeps what savePassword creates, to be written in batches afterwards. */
export function collecting(db: Firestore, into: [string, StoredPasswordEntry][]): PasswordRepository {
  const refused = () => Promise.reject(new Error('the bench only creates entries'));
  return {
    newId: () => db.collection('passwords').doc().id,
    create: (id, entry) => {
      into.push([id, entry]);
      return Promise.resolve();
    },
    listPersonal: refused,
    listTeam: refused,
    scanPersonal: refused,
    scanTeam: refused,
    readPersonalPages: () => {
      throw new Error('the bench only creates entries');
    },
    readTeamPages: () => {
      throw new Error('the bench only creates entries');
    },
    watchPersonal: () => {
      throw new Error('the bench only creates entries');
    },
    watchTeam: () => {
      throw new Error('the bench only creates entries');
    },
    update: refused,
    delete: refused,
    ungroupPersonal: refused,
    ungroupTeam: refused,
    markPersonalSealed: refused,
    markTeamSealed: refused,
  };
}

/** The vault key the bench's master password opens for `uid`, and the user's published RSA key. */
export async function userKeys(db: Firestore, uid: string): Promise<{ readonly vaultKey: VaultKey; readonly publicKey: string }> {
  const record = (await db.collection('users').doc(uid).get()).data() as {
    kdf: StoredKdf;
    encryptionSalt: string;
    wrappedVaultKey: string;
    masterPasswordTest: string;
    publicKey: string;
  };
  const { vaultKey } = await unlockVault(MASTER_PASSWORD, {
    kdf: { ...record.kdf, salt: record.encryptionSalt },
    wrappedVaultKey: asStoredCiphertext('vault-key', record.wrappedVaultKey),
    masterPasswordTest: asStoredCiphertext('master-password-test', record.masterPasswordTest),
  });
  return { vaultKey, publicKey: record.publicKey };
}

/** Entry `i` of a `size`-entry personal vault: every seventh title says 'bank', the rest 'site'. */
export function personalDraft(i: number, size: number): ValidPasswordDraft {
  return {
    title: `Entry ${String((i * 7_919) % size).padStart(5, '0')} ${i % 7 === 0 ? 'bank' : 'site'}`,
    url: `https://site-${i}.example.com`,
    notes: i % 3 === 0 ? `note ${i}` : null,
    username: `user${i}@example.com`,
    password: `pw-${i}-${'x'.repeat(12)}`,
    groupId: null,
  };
}

/** Seals `drafts` with savePassword under `deps` (its repository set to collect them) and writes them in batches. */
export async function saveAll<D extends VaultDeps>(db: Firestore, deps: Omit<D, 'passwords'>, drafts: readonly ValidPasswordDraft[]): Promise<void> {
  const made: [string, StoredPasswordEntry][] = [];
  const withRepository = { ...deps, passwords: collecting(db, made) } as D;
  for (let start = 0; start < drafts.length; start += BATCH) {
    await Promise.all(drafts.slice(start, start + BATCH).map((draft) => savePassword(withRepository, draft)));
  }
  // Seeding is not measured: the emulator works at its usual priority (a bench lowers it again before it measures).
  emulatorAtNormalPriority();
  for (let start = 0; start < made.length; start += BATCH) {
    const batch = db.batch();
    for (const [id, entry] of made.slice(start, start + BATCH)) batch.set(db.collection('passwords').doc(id), entry);
    await committed(batch);
  }
}

/** gRPC's DEADLINE_EXCEEDED: the emulator did not answer a batch within its 60 s. */
const DEADLINE_EXCEEDED = 4;

/** Commits `batch`, again (up to three tries) when the emulator, sharing a busy machine, ran past the deadline: its sets write the same documents again. */
async function committed(batch: WriteBatch): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await batch.commit();
      return;
    } catch (error) {
      if (attempt >= 3 || (error as { code?: unknown }).code !== DEADLINE_EXCEEDED) throw error;
      console.error(`  a seeding batch ran past the emulator's deadline (attempt ${String(attempt)}); again`);
    }
  }
}

/** `size` sealed entries for `uid`, made by the app's savePassword under the vault key the user's master password opens. */
export async function seed(db: Firestore, uid: string, size: number): Promise<void> {
  const { vaultKey } = await userKeys(db, uid);
  const deps: Omit<PersonalVaultDeps, 'passwords'> = {
    groups: undefined as never,
    vaultKey,
    userId: uid,
    now: () => Date.now(),
    sealedFormat: true,
  };
  await saveAll<PersonalVaultDeps>(db, deps, Array.from({ length: size }, (_, i) => personalDraft(i, size)));
}
