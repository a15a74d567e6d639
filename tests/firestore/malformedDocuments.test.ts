// Issue #17 item 4 on the emulator, through the rules and the real vault service: one document of
// the wrong shape (written with the rules disabled, as no client could) among 100 good ones. The
// 100 load and decrypt; the bad one is listed as damaged, by its id and what is wrong.
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../src/crypto';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { loadEntries, openDetails, savePassword, type VaultDeps } from '../../src/features/vault/vaultService';
import { sampleEntry } from '../contract/vaultRepositories.contract';
import { sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { actorAs, firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  teamKey = await generateTeamKey();
});

const GOOD = 100;
const titles = Array.from({ length: GOOD }, (_, index) => `Entry ${String(index).padStart(3, '0')}`);

async function plant(id: string, data: Record<string, unknown>) {
  await env().withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore() as unknown as Firestore, 'passwords', id), data);
  });
}

/** Saves the 100 through the rules, plants the bad one, and loads the vault as the screens do. */
async function loadWithOneBad(deps: VaultDeps, bad: Record<string, unknown>) {
  await Promise.all(
    titles.map((title) => savePassword(deps, { title, url: null, notes: null, username: `${title} user`, password: `${title} secret`, groupId: null })),
  );
  await plant('bad-document', bad);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const entries = await loadEntries(deps);
    return { entries, warned: warn.mock.calls.map((call) => String(call[0])) };
  } finally {
    warn.mockRestore();
  }
}

/** The 100 listed and, their details opened by `reader` as the screens do on Show, each holding its own password. */
async function expectHundredAndOneDamaged(reader: VaultDeps, entries: Awaited<ReturnType<typeof loadEntries>>, problem: string) {
  expect(entries).toHaveLength(GOOD + 1);
  const good = await Promise.all(entries.filter((entry) => entry.id !== 'bad-document').map((entry) => openDetails(reader, entry)));
  expect(good.map((entry) => entry.title).sort()).toEqual(titles);
  expect(good.every((entry) => !entry.undecryptable && entry.password === `${entry.title} secret`)).toBe(true);
  expect(entries.find((entry) => entry.id === 'bad-document')).toMatchObject({ title: 'Bad one', undecryptable: true, damaged: problem });
}

describe('a malformed document among 100 good ones', () => {
  it('personal vault: updatedAt as a string', async () => {
    await env().clearFirestore();
    await seedLiveTrial(env(), 'ana');
    const db = firestoreAs(env(), 'ana');
    const deps: VaultDeps = {
      passwords: createFirestorePasswordRepository(db),
      groups: createFirestoreGroupRepository(db),
      vaultKey,
      userId: 'ana',
      now: () => Date.now() - 60_000,
    };
    const { entries, warned } = await loadWithOneBad(deps, { ...sampleEntry('ana', 'Bad one'), updatedAt: '2026-11-24' });
    const problem = 'field "updatedAt" is missing or has the wrong type';
    await expectHundredAndOneDamaged(deps, entries, problem);
    expect(warned).toEqual([`Malformed document passwords/bad-document: ${problem}`]);
  });

  it('team vault: encrypted false, read by a View Only member', async () => {
    await env().clearFirestore();
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'teams', 'team-1'), sampleTeam('ana', 'Ops', { ana: 'owner', vic: 'view' }));
    });
    const team = sampleTeam('ana', 'Ops', { ana: 'owner' });
    const as = (uid: string, role: 'owner' | 'view'): VaultDeps => {
      const db = firestoreAs(env(), uid);
      return {
        passwords: createFirestorePasswordRepository(db, undefined, {}, actorAs(uid)),
        groups: createFirestoreGroupRepository(db, {}, actorAs(uid)),
        userId: uid,
        team: { teamId: 'team-1', key: teamKey, keyVersion: team.keyVersion, role },
        now: () => Date.now() - 60_000,
      };
    };
    await seedLiveTrial(env(), 'ana');
    const bad = { ...sampleEntry('ana', 'Bad one', { teamId: 'team-1', keyVersion: team.keyVersion }), encrypted: false };
    await loadWithOneBad(as('ana', 'owner'), bad);
    const entries = await (async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        return await loadEntries(as('vic', 'view'));
      } finally {
        warn.mockRestore();
      }
    })();
    await expectHundredAndOneDamaged(as('vic', 'view'), entries, 'field "encrypted" is missing or has the wrong type');
  });
});
