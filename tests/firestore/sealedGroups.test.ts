// Issue #18 item 3 on the emulator, through the rules: sealed (format 2) groups written by the vault
// service and the Firestore repositories, and each new group rule's allow and deny.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteField, doc, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../src/crypto';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { isSealedGroup } from '../../src/data/vault/storedEntries';
import { createGroup, loadGroups, updateGroup, type PersonalVaultDeps, type TeamVaultDeps, VaultPermissionError, TeamKeyChangedError } from '../../src/features/vault/vaultService';
import { base64OfBytes } from '../contract/userRepository.contract';
import { sampleGroup, sampleSealedGroup } from '../contract/vaultRepositories.contract';
import { sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { actorAs, firestoreAs, useRulesEnvironment } from './rulesEnvironment';
import { createWithEvents } from './matrix/companionEvents';

const environment = useRulesEnvironment();

const TEAM = 'team-sealed';
const KEY_VERSION = 3;

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  teamKey = await generateTeamKey();
});

beforeEach(async () => {
  const env = environment();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner', bob: 'full', cy: 'view' }, { keyVersion: KEY_VERSION }));
    await setDoc(doc(db, 'groups', 'ana-clear'), sampleGroup('ana', 'Clear'));
    await setDoc(doc(db, 'groups', 'team-clear'), sampleGroup('x', 'Team clear', { userId: null, teamId: TEAM }));
  });
  for (const uid of ['ana', 'bob']) await seedLiveTrial(env, uid);
});

const db = (uid: string) => firestoreAs(environment(), uid);
/** Team groups are written with their activity-log event (issue #24), as the app writes them. */
const writer = (uid: string) => ({ uid, email: `${uid}@example.com` });
const now = () => Date.now();

function personalDeps(uid: string, sealedFormat = true): PersonalVaultDeps {
  const firestore = db(uid);
  return { passwords: createFirestorePasswordRepository(firestore), groups: createFirestoreGroupRepository(firestore), vaultKey, userId: uid, sealedFormat, now };
}

function teamDeps(uid: string, keyVersion = KEY_VERSION, role: 'owner' | 'full' | 'view' = 'full'): TeamVaultDeps {
  const firestore = db(uid);
  return {
    passwords: createFirestorePasswordRepository(firestore, undefined, {}, actorAs(uid)),
    groups: createFirestoreGroupRepository(firestore, {}, actorAs(uid)),
    userId: uid,
    team: { teamId: TEAM, key: teamKey, keyVersion, role, storedKeyVersion: () => Promise.resolve(KEY_VERSION) },
    sealedFormat: true,
    now,
  };
}

const sealedTeamGroup = (overrides: Record<string, unknown> = {}) => ({
  ...sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION, createdAt: now(), updatedAt: now() }),
  ...overrides,
});
const sealedPersonal = (overrides: Record<string, unknown> = {}) => ({ ...sampleSealedGroup('ana', { createdAt: now(), updatedAt: now() }), ...overrides });

describe('sealed groups through the vault service and the rules', () => {
  it('a personal group is created sealed, listed beside a clear one, and a clear one sealed on edit (its clear fields deleted)', async () => {
    const deps = personalDeps('ana');
    await createGroup(deps, { name: 'Banking', description: 'cards' });
    const [clear] = (await loadGroups(deps)).filter((group) => group.id === 'ana-clear');
    await updateGroup(deps, clear!, { name: 'Sealed now', description: '' });
    const listed = await loadGroups(personalDeps('ana', false));
    expect(listed.map((group) => [group.name, group.description, group.sealed])).toEqual([
      ['Banking', 'cards', true],
      ['Sealed now', null, true],
    ]);
    const stored = await deps.groups.listPersonal('ana');
    expect(stored.every((group) => isSealedGroup(group.data))).toBe(true);
    expect(JSON.stringify(stored)).not.toMatch(/Banking|cards|Clear|Sealed now/);
  });

  it('a team group is created sealed at the team key version and every member lists it opened; a client at an older version is refused', async () => {
    const created = await createGroup(teamDeps('bob'), { name: 'Servers', description: '' });
    const [sealed] = (await createFirestoreGroupRepository(db('cy')).listTeam(TEAM)).filter((group) => group.id === created.id);
    expect(sealed?.data).toMatchObject({ format: 2, keyVersion: KEY_VERSION });
    expect((await loadGroups(teamDeps('cy', KEY_VERSION, 'view'))).map((group) => group.name)).toEqual(['Servers', 'Team clear']);
    // A session still at the previous key version: the rules refuse its sealed group, and the vault says the key changed.
    await expect(createGroup(teamDeps('bob', KEY_VERSION - 1), { name: 'Stale', description: '' })).rejects.toBeInstanceOf(TeamKeyChangedError);
    await expect(updateGroup(teamDeps('bob', KEY_VERSION - 1), created, { name: 'Stale', description: '' })).rejects.toBeInstanceOf(TeamKeyChangedError);
    // A viewer may not write groups, sealed or not.
    await expect(createGroup({ ...teamDeps('cy', KEY_VERSION, 'view'), team: { ...teamDeps('cy').team, role: 'full' } }, { name: 'Nope', description: '' })).rejects.toBeInstanceOf(
      VaultPermissionError,
    );
  });
});

describe('group rules for format 2 (allow and deny, paired)', () => {
  it('a personal sealed group: allowed; with a clear name or description, a keyVersion, a wrong format or without its part, denied', async () => {
    const ana = db('ana');
    await assertSucceeds(setDoc(doc(ana, 'groups/new'), sealedPersonal()));
    for (const spoiled of [
      { name: 'Banking' },
      { description: 'cards' },
      { keyVersion: 1 },
      { format: 3 },
      { format: 1 },
      { sealed: undefined },
      { format: undefined },
    ]) {
      const data = Object.fromEntries(Object.entries(sealedPersonal(spoiled)).filter(([, value]) => value !== undefined));
      await assertFails(setDoc(doc(ana, 'groups/spoiled'), data));
    }
  });

  it('the sealed part: 59 to 4096 bytes of canonical base64, else denied', async () => {
    const ana = db('ana');
    await assertSucceeds(setDoc(doc(ana, 'groups/min'), sealedPersonal({ sealed: base64OfBytes(59) })));
    await assertSucceeds(setDoc(doc(ana, 'groups/max'), sealedPersonal({ sealed: base64OfBytes(4096) })));
    await assertFails(setDoc(doc(ana, 'groups/short'), sealedPersonal({ sealed: base64OfBytes(58) })));
    await assertFails(setDoc(doc(ana, 'groups/long'), sealedPersonal({ sealed: base64OfBytes(4097) })));
    await assertFails(setDoc(doc(ana, 'groups/text'), sealedPersonal({ sealed: 'not base64 at all, but long enough to pass a size check alone....' })));
    await assertFails(setDoc(doc(ana, 'groups/number'), sealedPersonal({ sealed: 7 })));
  });

  it('sealing a clear group: allowed when name and description go; denied while either stays', async () => {
    const ana = db('ana');
    const seal = { format: 2, sealed: base64OfBytes(80), updatedAt: now(), revision: 2 };
    await assertFails(updateDoc(doc(ana, 'groups/ana-clear'), { ...seal }));
    await assertFails(updateDoc(doc(ana, 'groups/ana-clear'), { ...seal, name: deleteField() }));
    await assertFails(updateDoc(doc(ana, 'groups/ana-clear'), { ...seal, description: deleteField() }));
    await assertSucceeds(updateDoc(doc(ana, 'groups/ana-clear'), { ...seal, name: deleteField(), description: deleteField() }));
  });

  it('a team sealed group: allowed at the team’s key version; denied without one, at another, or as text', async () => {
    const bob = db('bob');
    await assertSucceeds(createWithEvents(bob, writer('bob'), 'groups/team-new', sealedTeamGroup()));
    for (const keyVersion of [undefined, KEY_VERSION - 1, KEY_VERSION + 1, String(KEY_VERSION)]) {
      const data = Object.fromEntries(Object.entries(sealedTeamGroup({ keyVersion })).filter(([, value]) => value !== undefined));
      await assertFails(createWithEvents(bob, writer('bob'), 'groups/team-spoiled', data));
    }
    await assertFails(createWithEvents(bob, writer('bob'), 'groups/team-spoiled', sealedTeamGroup({ name: 'Servers' })));
    // A viewer may not, whatever the format.
    await assertFails(createWithEvents(db('cy'), writer('cy'), 'groups/team-viewer', sealedTeamGroup()));
  });

  it('sealing a clear team group: allowed at the current key version, denied at an older one', async () => {
    const bob = db('bob');
    const seal = { format: 2, sealed: base64OfBytes(80), updatedAt: now(), revision: 2, name: deleteField(), description: deleteField() };
    await assertFails(updateDoc(doc(bob, 'groups/team-clear'), { ...seal, keyVersion: KEY_VERSION - 1 }));
    await assertFails(updateDoc(doc(bob, 'groups/team-clear'), { ...seal }));
    await assertSucceeds(updateDoc(doc(bob, 'groups/team-clear'), { ...seal, keyVersion: KEY_VERSION }));
  });

  it('a clear (format-1) group is still accepted, personal and team', async () => {
    await assertSucceeds(setDoc(doc(db('ana'), 'groups/plain'), sampleGroup('ana', 'Plain', { createdAt: now(), updatedAt: now() })));
    await assertSucceeds(createWithEvents(db('bob'), writer('bob'), 'groups/team-plain', sampleGroup('x', 'Plain', { userId: null, teamId: TEAM, createdAt: now(), updatedAt: now() })));
    // But not with a keyVersion: a clear group holds nothing under a team key.
    await assertFails(createWithEvents(db('bob'), writer('bob'), 'groups/team-plain-2', { ...sampleGroup('x', 'Plain', { userId: null, teamId: TEAM, createdAt: now(), updatedAt: now() }), keyVersion: KEY_VERSION }));
  });
});
