import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../src/crypto';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import { loadEntries, openDetails, PasswordConflictError, savePassword, type PersonalVaultDeps } from '../../../src/features/vault/vaultService';
import { vaultImportWriter } from '../../../src/features/vault/importWriter';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

// Issue #23: an entry's one-time code and password history live in its sealed details, written by
// the vault's save and read back when the details are opened.

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

const OTP = 'otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXP&issuer=Bank';
const draft: ValidPasswordDraft = { title: 'Bank', url: null, notes: null, username: 'ana', password: 'first', groupId: null };

function vault(passwords = new MemoryPasswordRepository()): PersonalVaultDeps & { passwords: MemoryPasswordRepository; clock: { now: number } } {
  const clock = { now: 1_000 };
  return { passwords, groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => clock.now, clock };
}

/** The entry as a fresh load lists it (details sealed, not opened). */
async function listed(deps: PersonalVaultDeps) {
  const [entry] = await loadEntries(deps);
  if (entry === undefined) throw new Error('no entry');
  return entry;
}

describe('one-time codes in an entry', () => {
  it('is sealed in the details: nothing of it is stored in clear, and opening the details gives it back', async () => {
    const deps = vault();
    const saved = await savePassword(deps, { ...draft, otp: OTP });
    expect(saved.otp).toBe(OTP);
    const stored = JSON.stringify(await deps.passwords.listPersonal('ana'));
    for (const secret of ['JBSWY3DPEHPK3PXP', 'otpauth', 'totp']) expect(stored).not.toContain(secret);
    const entry = await listed(deps);
    // Listed from the overview: marked as having a code, the code itself still sealed.
    expect(entry).toMatchObject({ hasOneTimeCode: true });
    expect(entry.otp).toBeUndefined();
    expect((await openDetails(deps, entry)).otp).toBe(OTP);
  });

  it('a save that leaves the code alone keeps it, even from the list with the details unopened; null removes it', async () => {
    const deps = vault();
    await savePassword(deps, { ...draft, otp: OTP });
    await savePassword(deps, { ...draft, title: 'Bank (renamed)' }, await listed(deps));
    expect((await openDetails(deps, await listed(deps))).otp).toBe(OTP);
    await savePassword(deps, { ...draft, otp: null }, await openDetails(deps, await listed(deps)));
    expect(await listed(deps)).not.toHaveProperty('hasOneTimeCode');
    expect((await openDetails(deps, await listed(deps))).otp).toBeUndefined();
  });
});

describe('password history', () => {
  it('changing the password twice keeps both old ones, newest first, with when each was replaced', async () => {
    const deps = vault();
    await savePassword(deps, draft);
    deps.clock.now = 2_000;
    await savePassword(deps, { ...draft, password: 'second' }, await openDetails(deps, await listed(deps)));
    deps.clock.now = 3_000;
    // From the list, details unopened: the save opens them first, so nothing is dropped.
    const third = await savePassword(deps, { ...draft, password: 'third' }, await listed(deps));
    const expected = [
      { password: 'second', replacedAt: 3_000 },
      { password: 'first', replacedAt: 2_000 },
    ];
    expect(third.passwordHistory).toEqual(expected);
    expect(await openDetails(deps, await listed(deps))).toMatchObject({ password: 'third', passwordHistory: expected });
    expect(JSON.stringify(await deps.passwords.listPersonal('ana'))).not.toContain('second');
  });

  it('a save that does not change the password adds nothing; the last ten are kept', async () => {
    const deps = vault();
    await savePassword(deps, draft);
    await savePassword(deps, { ...draft, notes: 'only the notes' }, await listed(deps));
    expect((await openDetails(deps, await listed(deps))).passwordHistory).toBeUndefined();
    for (let index = 1; index <= 12; index += 1) {
      deps.clock.now += 1_000;
      await savePassword(deps, { ...draft, password: `p${index}` }, await listed(deps));
    }
    const history = (await openDetails(deps, await listed(deps))).passwordHistory ?? [];
    expect(history.map((item) => item.password)).toEqual(['p11', 'p10', 'p9', 'p8', 'p7', 'p6', 'p5', 'p4', 'p3', 'p2']);
  });

  it('a save over a conflict keeps the other save’s password in the history under this one', async () => {
    const deps = vault();
    const mine = await savePassword(deps, draft);
    deps.clock.now = 2_000;
    await savePassword(deps, { ...draft, password: 'theirs' }, mine);
    deps.clock.now = 3_000;
    const conflict = await savePassword(deps, { ...draft, password: 'mine' }, mine).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(PasswordConflictError);
    await savePassword(deps, { ...draft, password: 'mine' }, (conflict as PasswordConflictError).newer);
    expect((await openDetails(deps, await listed(deps))).passwordHistory).toEqual([
      { password: 'theirs', replacedAt: 3_000 },
      { password: 'first', replacedAt: 2_000 },
    ]);
  });
});

describe('an imported entry', () => {
  it('keeps the one-time code and the history the file had, newest first, ten at most', async () => {
    const deps = vault();
    const history = Array.from({ length: 11 }, (_, index) => ({ password: `old ${index}`, replacedAt: index * 1_000 }));
    await vaultImportWriter(deps).createEntry({ title: 'Bank', url: null, username: 'ana', password: 'now', notes: null, otp: OTP, passwordHistory: history }, null);
    const opened = await openDetails(deps, await listed(deps));
    expect(opened.otp).toBe(OTP);
    expect(opened.passwordHistory?.map((item) => item.password)).toEqual(['old 10', 'old 9', 'old 8', 'old 7', 'old 6', 'old 5', 'old 4', 'old 3', 'old 2', 'old 1']);
  });
});
