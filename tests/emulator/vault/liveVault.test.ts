// Issue #22 on the emulators, through the rules, with each person on their own signed-in SDK: a
// teammate's add, edit and delete reach an open team vault without a reload, each decrypted alone
// (the decryptions under the reader's own team key are counted); another tab's changes reach a
// personal vault the same way.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VaultSession, type VaultState } from '../../../src/features/vault/session/vaultSession';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { deletePassword, savePassword, type PersonalVaultDeps, type VaultDeps } from '../../../src/features/vault/vaultService';
import { personalVault, person, teamOf, teamVault, type Person } from '../teams/people';

const draft = (title: string) => ({ title, url: null, notes: null, username: `${title}-user`, password: `${title}-secret`, groupId: null });

/** Resolves with the session's state once `done` holds of it (the emulator answers within a few seconds). */
function until(session: VaultSession, done: (state: VaultState) => boolean, what: string): Promise<VaultState> {
  return new Promise((resolve, reject) => {
    if (done(session.state)) {
      resolve(session.state);
      return;
    }
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${what}: not seen within 15 s`));
    }, 15_000);
    const stop = session.subscribe((state) => {
      if (!done(state)) return;
      clearTimeout(timer);
      stop();
      resolve(state);
    });
  });
}

const titles = (state: VaultState) => state.entries.map((entry) => entry.title);

/** Counts the decryptions made with `deps`' own key (the reader's, not the writer's copy of it). */
function decryptionsWith(deps: VaultDeps) {
  const { key } = 'team' in deps ? deps.team.key : deps.vaultKey;
  const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');
  return () => decrypt.mock.calls.filter((call) => call[1] === key).length;
}

let ana: Person;
let bob: Person;
beforeAll(async () => {
  [ana, bob] = await Promise.all([person('live-ana'), person('live-bob')]);
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a live vault on the emulators', () => {
  it('a teammate’s add, edit and delete reach an open team vault, each entry decrypted alone', async () => {
    const teamId = await teamOf(ana, [bob], 'full');
    const anaTeam = await teamVault(ana, teamId);
    await savePassword(anaTeam, draft('Wiki'));
    const bobTeam = await teamVault(bob, teamId);
    const session = new VaultSession(bobTeam);
    session.start();
    await until(session, (state) => state.load.status === 'ready' && state.entries.length === 1, 'the team loaded');
    const decryptions = decryptionsWith(bobTeam);

    const deploy = await savePassword(anaTeam, draft('Deploy'));
    expect(titles(await until(session, (state) => titles(state).includes('Deploy'), 'the added entry'))).toEqual(['Deploy', 'Wiki']);
    expect(decryptions()).toBe(1);

    await savePassword(anaTeam, draft('Deploy key'), deploy);
    await until(session, (state) => titles(state).includes('Deploy key'), 'the edit');
    expect(decryptions()).toBe(2);

    const wiki = session.state.entries.find((entry) => entry.title === 'Wiki') as PasswordEntry;
    await deletePassword(anaTeam, wiki);
    expect(titles(await until(session, (state) => !titles(state).includes('Wiki'), 'the delete'))).toEqual(['Deploy key']);
    expect(decryptions()).toBe(2);
    session.stop();
  }, 90_000);

  it('another tab’s changes reach an open personal vault; this tab’s own save is not decrypted again', async () => {
    const tab = await ana.tab();
    const otherTab: PersonalVaultDeps = personalVault(ana, tab.passwords);
    const here = personalVault(ana);
    const session = new VaultSession(here);
    session.start();
    await until(session, (state) => state.load.status === 'ready', 'the vault loaded');
    const decryptions = decryptionsWith(here);

    const bank = await savePassword({ ...otherTab, groups: tab.groups }, draft('Bank'));
    await until(session, (state) => titles(state).includes('Bank'), 'the other tab’s entry');
    expect(decryptions()).toBe(1);

    const listed = session.state.entries.find((entry) => entry.id === bank.id) as PasswordEntry;
    await session.save({ ...draft('Bank (joint)'), url: '', notes: '' } as never, listed);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(titles(session.state)).toEqual(['Bank (joint)']);
    expect(decryptions()).toBe(1);
    session.stop();
  }, 90_000);
});
