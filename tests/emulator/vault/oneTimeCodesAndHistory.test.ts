// Issue #23 on the emulators, through the rules and the real Firestore repositories: an entry's
// one-time code and password history (sealed in its details) survive a master-password change, a
// team-key rotation (a member removed) and an export/import round trip (Keyloft, encrypted).
import { httpsCallable } from 'firebase/functions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PBKDF2_MIN_ITERATIONS, unlockVault } from '../../../src/crypto';
import { createFirebaseAuthGateway } from '../../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../../src/data/firestore/firestoreUserRepository';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../../src/data/firestore/firestoreVaultRepositories';
import type { AuthDeps } from '../../../src/features/auth/flows/deps';
import { signUp } from '../../../src/features/auth/flows/signIn';
import { exportKeyloftEncrypted } from '../../../src/features/import/export/keyloftExport';
import { keyloftFormat } from '../../../src/features/import/formats/keyloft';
import { planImport } from '../../../src/features/import/plan';
import { runImport } from '../../../src/features/import/run/runImport';
import { createMasterPasswordApi } from '../../../src/features/settings/masterPasswordService';
import { removeMember } from '../../../src/features/teams/teamService';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import { vaultImportWriter } from '../../../src/features/vault/importWriter';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { canonicalOneTimeCode } from '../../../src/features/vault/otp/oneTimeCode';
import { collectVault } from '../../../src/features/vault/transferSources';
import { loadEntries, loadGroups, openDetails, savePassword, type VaultDeps } from '../../../src/features/vault/vaultService';
import { createSessionStore } from '../../../src/session/sessionStore';
import { markEmailVerified, uniqueEmail } from '../../support/authEmulator';
import { targetContents } from '../../support/importTarget';
import { MemoryStorage } from '../../support/memoryStorage';
import { person, personalVault, readThroughEmulatorHiccups, teamOf, teamVault, type Person } from '../teams/people';

const OTP = canonicalOneTimeCode('otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXP&issuer=Bank&digits=8');
const draft: ValidPasswordDraft = { title: 'Bank', url: null, notes: null, username: 'ana', password: 'first', groupId: null, otp: OTP };

/** Saves Bank with its code, then changes its password twice: two earlier passwords. */
async function bankWithHistory(deps: VaultDeps): Promise<void> {
  let entry: PasswordEntry = await savePassword(deps, draft);
  for (const next of ['second', 'third']) entry = await savePassword(deps, { ...draft, password: next }, entry);
}

/** Bank as a fresh load lists it, with its details opened. */
async function openedBank(deps: VaultDeps): Promise<PasswordEntry> {
  const bank = (await readThroughEmulatorHiccups(() => loadEntries(deps))).find((entry) => entry.title === 'Bank');
  if (bank === undefined) throw new Error('Bank is not in the vault');
  return openDetails(deps, bank);
}

function expectCodeAndHistory(entry: PasswordEntry): void {
  expect(entry).toMatchObject({ password: 'third', otp: OTP });
  expect(entry.passwordHistory?.map((earlier) => earlier.password)).toEqual(['second', 'first']);
}

describe('one-time codes and password history survive', () => {
  let ana: Person;
  let bob: Person;
  let cid: Person;
  beforeAll(async () => {
    [ana, bob, cid] = await Promise.all([person('otp-ana'), person('otp-bob'), person('otp-cid')]);
  }, 60_000);

  it('a master-password change', async () => {
    const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
    const services = createFirebaseServices(config, `otp-master-${crypto.randomUUID()}`);
    const gateway = createFirebaseAuthGateway(await services.auth(), { emulator: true });
    const session = createSessionStore(new MemoryStorage());
    const firestore = await services.firestore();
    const users = createFirestoreUserRepository(firestore);
    const deps: AuthDeps = {
      loadGateway: () => Promise.resolve(gateway),
      loadUsers: () => Promise.resolve(users),
      sendCustomEmailVerification: () => Promise.resolve(),
      session,
      now: () => Date.now(),
      isDevelopment: true,
    };
    await signUp(deps, { email: uniqueEmail('otp-master'), accountPassword: 'account-password-1', masterPassword: 'Old-master-Pa55word!' });
    const state = session.getState();
    const keys = session.keys();
    if (state.status !== 'unlocked' || keys === null) throw new Error('sign-up did not unlock');
    const uid = state.user.uid;
    await markEmailVerified(uid);
    const vault = (vaultKey = keys.vaultKey) => ({
      passwords: createFirestorePasswordRepository(firestore),
      groups: createFirestoreGroupRepository(firestore),
      vaultKey,
      userId: uid,
      now: () => Date.now(),
    });
    await bankWithHistory(vault());

    const functions = await services.functions();
    await createMasterPasswordApi({
      uid,
      loadUsers: () => Promise.resolve(users),
      notify: async () => {
        await httpsCallable(functions, 'sendMasterPasswordChangeNotification')({});
      },
    }).change('Old-master-Pa55word!', 'N3w-master-Pa55word!');

    const record = (await users.get(uid))!;
    const unlocked = await unlockVault('N3w-master-Pa55word!', {
      kdf: { ...record.kdf, salt: record.encryptionSalt },
      wrappedVaultKey: record.wrappedVaultKey,
      masterPasswordTest: record.masterPasswordTest,
    });
    expectCodeAndHistory(await openedBank(vault(unlocked.vaultKey)));
    await (await services.auth()).signOut();
  }, 120_000);

  it('a team-key rotation: the remaining member opens them at the new key version', async () => {
    const teamId = await teamOf(ana, [bob, cid], 'full');
    await bankWithHistory(await teamVault(ana, teamId));
    await removeMember(ana.deps, teamId, cid.uid);
    expect(await ana.deps.teams.get(teamId)).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null });
    const bobVault = await teamVault(bob, teamId);
    const bank = await openedBank(bobVault);
    expectCodeAndHistory(bank);
    expect(bank.sealedDetails).toBeUndefined();
    const [stored] = await ana.deps.passwords.listTeam(teamId);
    expect(stored?.data.keyVersion).toBe(2);
  }, 180_000);

  it('an encrypted Keyloft export of one vault imported into another', async () => {
    const from = personalVault(ana);
    await bankWithHistory(from);
    const [entries, groups] = await Promise.all([loadEntries(from), loadGroups(from)]);
    const collected = await collectVault({ deps: from, vault: { entries, groups } }, () => undefined);
    const text = await exportKeyloftEncrypted(collected, { password: 'file password', iterations: PBKDF2_MIN_ITERATIONS });
    expect(text).not.toContain('JBSWY3DP');
    const parsed = await keyloftFormat.parse({ name: 'keyloft.json', bytes: new TextEncoder().encode(text) }, { filePassword: 'file password' });

    const into = personalVault(bob);
    const plan = await planImport(parsed, await targetContents(into));
    await runImport(plan, vaultImportWriter(into));
    const imported = await openedBank(into);
    expectCodeAndHistory(imported);
    expect(imported.notes).toBeNull();
  }, 120_000);
});
