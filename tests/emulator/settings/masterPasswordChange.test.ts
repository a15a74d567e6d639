// Change Master Password end to end (issue 10): the client SDK signed in on the Auth emulator,
// writing through firestore.rules on the Firestore emulator, and the deployed
// sendMasterPasswordChangeNotification on the Functions emulator mailing into functions/outbox.
// 10,000 personal entries are seeded with firebase-admin (their creation is the vault's tier);
// the change must write the user record and nothing else, and every entry must still decrypt.
import type { Timestamp } from 'firebase-admin/firestore';
import { httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptText,
  encryptText,
  entryFieldContext,
  unlockVault,
  WrongMasterPasswordError,
  type VaultKey,
  asStoredCiphertext,
} from '../../../src/crypto';
import { createFirebaseAuthGateway } from '../../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../../src/data/firestore/firestoreUserRepository';
import type { StoredUserRecord } from '../../../src/data/users/userRecord';
import type { AuthDeps } from '../../../src/features/auth/flows/deps';
import { signUp } from '../../../src/features/auth/flows/signIn';
import { createMasterPasswordApi } from '../../../src/features/settings/masterPasswordService';
import { createSessionStore } from '../../../src/session/sessionStore';
import { markEmailVerified, uniqueEmail } from '../../support/authEmulator';
import { MemoryStorage } from '../../support/memoryStorage';
import { outboxFilesFor } from '../../support/outbox';
import { call, db, newUser, refusal, verified } from '../teams/support';

const ENTRIES = 10_000;
const OLD = 'Old-master-Pa55word!';
const NEW = 'N3w-master-Pa55word!';
const SUBJECT = 'Your Keyloft master password was changed';

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
const services = createFirebaseServices(config, 'emulator-master-password');

const material = (record: StoredUserRecord) => ({
  kdf: { ...record.kdf, salt: record.encryptionSalt },
  wrappedVaultKey: record.wrappedVaultKey,
  masterPasswordTest: record.masterPasswordTest,
});

/** Every personal entry of the user: id → [update time, username ciphertext, password ciphertext]. */
async function entriesOf(uid: string): Promise<Map<string, { updated: Timestamp; username: string; password: string }>> {
  const snapshot = await db().collection('passwords').where('userId', '==', uid).get();
  return new Map(
    snapshot.docs.map((document) => [
      document.id,
      { updated: document.updateTime, username: String(document.get('username')), password: String(document.get('password')) },
    ]),
  );
}

describe(`Change Master Password on a ${String(ENTRIES)}-entry vault (Auth + Functions + Firestore emulators)`, () => {
  const email = uniqueEmail('master-password');
  let uid = '';
  let vaultKey: VaultKey;
  let recordUpdatedBefore: Timestamp | undefined;
  let before = new Map<string, { updated: Timestamp; username: string; password: string }>();

  beforeAll(async () => {
    const gateway = createFirebaseAuthGateway(await services.auth(), { emulator: true });
    const session = createSessionStore(new MemoryStorage());
    const users = createFirestoreUserRepository(await services.firestore());
    const deps: AuthDeps = {
      loadGateway: () => Promise.resolve(gateway),
      loadUsers: () => Promise.resolve(users),
      sendCustomEmailVerification: () => Promise.resolve(),
      session,
      now: () => Date.now(),
      isDevelopment: true,
    };
    await signUp(deps, { email, accountPassword: 'account-password-1', masterPassword: OLD });
    const state = session.getState();
    const keys = session.keys();
    if (state.status !== 'unlocked' || keys === null) throw new Error('sign-up did not unlock');
    uid = state.user.uid;
    vaultKey = keys.vaultKey;
    // The notice goes only to a verified address (the last describe shows the other case).
    await markEmailVerified(uid);

    // The entries as the vault writes them: username and password sealed under the vault key,
    // bound to the entry and the field.
    const now = Date.now();
    const passwords = db().collection('passwords');
    for (let start = 0; start < ENTRIES; start += 500) {
      const batch = db().batch();
      const sealed = await Promise.all(
        Array.from({ length: Math.min(500, ENTRIES - start) }, async (_, offset) => {
          const id = `mpw-${uid}-${String(start + offset).padStart(5, '0')}`;
          const index = String(start + offset);
          return {
            id,
            username: await encryptText(vaultKey, `user${index}`, entryFieldContext(id, 'username')),
            password: await encryptText(vaultKey, `secret${index}`, entryFieldContext(id, 'password')),
          };
        }),
      );
      for (const entry of sealed) {
        batch.set(passwords.doc(entry.id), {
          title: `Entry ${entry.id}`,
          username: entry.username,
          password: entry.password,
          teamId: null,
          userId: uid,
          groupId: null,
          encrypted: true,
          createdAt: now,
          updatedAt: now,
        });
      }
      await batch.commit();
    }
    before = await entriesOf(uid);
    recordUpdatedBefore = (await db().collection('users').doc(uid).get()).updateTime;
  }, 300_000);

  afterAll(async () => {
    await (await services.auth()).signOut();
  });

  it('writes the user record only, and every entry decrypts with the new password and not with the old', async () => {
    expect(before.size).toBe(ENTRIES);
    const functions = await services.functions();
    const api = createMasterPasswordApi({
      uid,
      loadUsers: async () => createFirestoreUserRepository(await services.firestore()),
      notify: async () => {
        await httpsCallable(functions, 'sendMasterPasswordChangeNotification')({});
      },
    });
    await api.change(OLD, NEW);

    // One document written: the record's update time moved, no entry's did (nor its ciphertext).
    const recordAfter = await db().collection('users').doc(uid).get();
    expect(recordUpdatedBefore).toBeDefined();
    expect(recordAfter.updateTime?.isEqual(recordUpdatedBefore as Timestamp)).toBe(false);
    const after = await entriesOf(uid);
    expect(after.size).toBe(ENTRIES);
    const rewritten = [...after].filter(([id, entry]) => {
      const old = before.get(id);
      return old === undefined || !old.updated.isEqual(entry.updated) || old.username !== entry.username || old.password !== entry.password;
    });
    expect(rewritten).toEqual([]);

    // The record as the client reads it through the rules.
    const record = await createFirestoreUserRepository(await services.firestore()).get(uid);
    if (record === null) throw new Error('record gone');
    await expect(unlockVault(OLD, material(record))).rejects.toBeInstanceOf(WrongMasterPasswordError);
    const opened = await unlockVault(NEW, material(record));
    let decrypted = 0;
    for (const [id, entry] of after) {
      const index = String(Number(id.slice(-5)));
      expect(await decryptText(opened.vaultKey, asStoredCiphertext('entry-field', entry.username), entryFieldContext(id, 'username'))).toBe(`user${index}`);
      expect(await decryptText(opened.vaultKey, asStoredCiphertext('entry-field', entry.password), entryFieldContext(id, 'password'))).toBe(`secret${index}`);
      decrypted += 1;
    }
    expect(decrypted).toBe(ENTRIES);

    // The notice reaches the account's address; it holds neither password.
    await expect.poll(async () => (await outboxFilesFor(email.toLowerCase())).filter((file) => file.subject === SUBJECT).length, { timeout: 15_000 }).toBe(1);
    const [notice] = (await outboxFilesFor(email.toLowerCase())).filter((file) => file.subject === SUBJECT);
    expect(notice?.text).not.toContain(OLD);
    expect(notice?.text).not.toContain(NEW);
    expect(notice?.links).toEqual([]);
  }, 120_000);

  it('refuses the old password now with Invalid current master password, and writes nothing', async () => {
    const api = createMasterPasswordApi({
      uid,
      loadUsers: async () => createFirestoreUserRepository(await services.firestore()),
      notify: () => Promise.resolve(),
    });
    const updated = (await db().collection('users').doc(uid).get()).updateTime;
    await expect(api.change(OLD, 'yet another password')).rejects.toThrow('Invalid current master password');
    expect((await db().collection('users').doc(uid).get()).updateTime?.isEqual(updated as Timestamp)).toBe(true);
  }, 60_000);
});

describe('sendMasterPasswordChangeNotification (Functions emulator)', () => {
  it('refuses a caller without a token', async () => {
    expect(refusal(await call('sendMasterPasswordChangeNotification', {}))?.status).toBe('UNAUTHENTICATED');
  });

  it('refuses a payload that is not empty', async () => {
    const user = await newUser('notice-payload', { emailVerified: true });
    for (const data of [{ email: 'mallory@example.com' }, 'x', Array.from({ length: 10_000 }, () => 0), { confirm: false }]) {
      expect(refusal(await call('sendMasterPasswordChangeNotification', data, user))).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'This call takes no arguments.',
      });
    }
    expect(await outboxFilesFor(user.email)).toEqual([]);
    expect(await outboxFilesFor('mallory@example.com')).toEqual([]);
  });

  it('mails the account 5 times in an hour, then refuses with resource-exhausted', async () => {
    const user = await newUser('notice-limit', { emailVerified: true });
    for (let sent = 0; sent < 5; sent += 1) {
      expect(refusal(await call('sendMasterPasswordChangeNotification', {}, user))).toBeUndefined();
    }
    expect(refusal(await call('sendMasterPasswordChangeNotification', {}, user))).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: 'Too many master password change notifications. Please try again in an hour.',
    });
    const notices = (await outboxFilesFor(user.email)).filter((file) => file.subject === SUBJECT);
    expect(notices).toHaveLength(5);
    const limit = await db().collection('rateLimits').doc(`master-password-notices-${user.uid}`).get();
    expect((limit.get('times') as number[]).length).toBe(5);
  }, 60_000);

  it('sends nothing to an unverified address, counts nothing, and replies as it does for a verified one', async () => {
    const user = await newUser('notice-unverified');
    expect(await call('sendMasterPasswordChangeNotification', {}, user)).toEqual({ result: { sent: true } });
    expect(await outboxFilesFor(user.email)).toEqual([]);
    expect((await db().collection('rateLimits').doc(`master-password-notices-${user.uid}`).get()).exists).toBe(false);

    // Once the address is proven, the same call mails it.
    const proven = await verified(user);
    expect(await call('sendMasterPasswordChangeNotification', {}, proven)).toEqual({ result: { sent: true } });
    expect((await outboxFilesFor(user.email)).filter((file) => file.subject === SUBJECT)).toHaveLength(1);
  });
});
