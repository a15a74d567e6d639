// Issue #22 on the emulators, through the rules, with each person on their own signed-in SDK: a
// teammate's add, edit and delete reach an open team vault without a reload, each decrypted alone
// (the decryptions under the reader's own team key are counted); another tab's changes reach a
// personal vault the same way. An entry changed underneath is marked as changed elsewhere before any
// save (which the revision rule still refuses); a member removed while listening loses the team.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VaultSession, type VaultState } from '../../../src/features/vault/session/vaultSession';
import { VaultSessions } from '../../../src/features/vault/session/vaultSessions';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { deletePassword, PasswordConflictError, savePassword, type PersonalVaultDeps, type VaultDeps } from '../../../src/features/vault/vaultService';
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

    // Opened as the edit form opens it (a save keeps the details it replaces: one decryption).
    const listed = await session.withDetails(session.state.entries.find((entry) => entry.id === bank.id) as PasswordEntry);
    expect(decryptions()).toBe(2);
    await session.save({ ...draft('Bank (joint)'), url: '', notes: '' } as never, listed);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(titles(session.state)).toEqual(['Bank (joint)']);
    // The save's own echo from the live read is not decrypted again.
    expect(decryptions()).toBe(2);
    session.stop();
  }, 90_000);

  it('an entry open in one session that a teammate saves is marked as changed elsewhere at once; a save over it is still refused', async () => {
    const teamId = await teamOf(ana, [bob], 'full');
    const anaTeam = await teamVault(ana, teamId);
    const wiki = await savePassword(anaTeam, draft('Wiki'));
    const bobTeam = await teamVault(bob, teamId);
    const session = new VaultSession(bobTeam);
    session.start();
    await until(session, (state) => state.load.status === 'ready' && state.entries.length === 1, 'the team loaded');
    const open = session.state.entries[0] as PasswordEntry;
    expect(open.changedElsewhere).toBeUndefined();

    await savePassword(anaTeam, draft('Wiki (new)'), wiki);
    const changed = await until(session, (state) => state.entries[0]?.title === 'Wiki (new)', 'the teammate’s save');
    // What the item pane and an open form read to say so, before the user saves anything.
    expect(changed.entries[0]?.changedElsewhere).toBe(true);
    expect(changed.entries[0]?.revision).not.toBe(open.revision);
    await expect(savePassword(bobTeam, draft('Wiki (mine)'), open)).rejects.toBeInstanceOf(PasswordConflictError);
    session.stop();
  }, 90_000);

  it('a member removed while listening loses the team: the live team list drops it and its session, and nothing is logged as a fault', async () => {
    const teamId = await teamOf(ana, [bob], 'full');
    await savePassword(await teamVault(ana, teamId), draft('Vault'));
    // What the app does with them (useLiveTeams, useOpenVaults): each change of the team list
    // reads it again, and the sessions of teams no longer listed go.
    const sessions = new VaultSessions();
    const session = sessions.sessionFor(await teamVault(bob, teamId));
    session.start();
    await until(session, (state) => state.load.status === 'ready' && state.entries.length === 1, 'the team loaded');
    const failures: Error[] = [];
    const stopList = bob.deps.teams.watchForMember(
      bob.uid,
      () => {
        void bob.deps.teams.listForMember(bob.uid).then((teams) => {
          sessions.retainTeams(new Set(teams.map((team) => team.id)));
        });
      },
      (error) => failures.push(error),
    );
    const logged = vi.spyOn(console, 'error');

    await ana.deps.functions.removeTeamMember({ teamId, userId: bob.uid });
    for (let waited = 0; sessions.teamSession(teamId) !== undefined; waited += 100) {
      if (waited > 15_000) throw new Error('the removed member’s team session was not dropped within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sessions.all()).toEqual([]);
    // A refusal of the team's read on its way meanwhile is the same news, not a fault.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(failures).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    stopList();
  }, 90_000);
});
