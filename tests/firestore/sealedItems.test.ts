// Issue #44 on the emulator, through the rules: items of every kind stored in format 3 by the vault
// service and the Firestore repositories, personal and team, nothing of them in clear; and the
// format rules' allow and deny (a write never lowers the format).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDocs, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../src/crypto';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { loadItems, openItem, saveItem, type PersonalVaultDeps, type TeamVaultDeps } from '../../src/features/vault/vaultService';
import { base64OfBytes } from '../contract/userRepository.contract';
import { sampleSealedEntry } from '../contract/vaultRepositories.contract';
import { DISTINCTIVE_VALUES, EVERY_KIND } from '../support/itemFixtures';
import { createWithEvents } from './matrix/companionEvents';
import { sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { actorAs, firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const environment = useRulesEnvironment();

const TEAM = 'team-items';
const KEY_VERSION = 2;

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password for items'));
  teamKey = await generateTeamKey();
});

beforeEach(async () => {
  const env = environment();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner', bob: 'full' }, { keyVersion: KEY_VERSION }));
  });
  for (const uid of ['ana', 'bob']) await seedLiveTrial(env, uid);
});

const db = (uid: string) => firestoreAs(environment(), uid);
const now = () => Date.now();

function personalDeps(uid: string): PersonalVaultDeps {
  const firestore = db(uid);
  return { passwords: createFirestorePasswordRepository(firestore), groups: createFirestoreGroupRepository(firestore), vaultKey, userId: uid, now };
}

function teamDeps(uid: string): TeamVaultDeps {
  const firestore = db(uid);
  return {
    passwords: createFirestorePasswordRepository(firestore, undefined, {}, actorAs(uid)),
    groups: createFirestoreGroupRepository(firestore, {}, actorAs(uid)),
    userId: uid,
    team: { teamId: TEAM, key: teamKey, keyVersion: KEY_VERSION, role: 'full', storedKeyVersion: () => Promise.resolve(KEY_VERSION) },
    now,
  };
}

/** Every stored document of the vault and the team's activity log, as the server holds them. */
async function dump(): Promise<string> {
  let text = '';
  await environment().withSecurityRulesDisabled(async (context) => {
    const firestore = context.firestore() as unknown as Firestore;
    for (const path of ['passwords', 'groups', `teams/${TEAM}/events`]) {
      const snapshot = await getDocs(collection(firestore, path));
      text += JSON.stringify(snapshot.docs.map((document) => [document.id, document.data()]));
    }
  });
  return text;
}

describe('items of every kind, stored sealed (format 3)', () => {
  it('a personal and a team vault hold one item of every kind; each opens whole, and the stored documents hold none of their values in clear', async () => {
    const personal = personalDeps('ana');
    const team = teamDeps('bob');
    for (const item of EVERY_KIND) {
      await saveItem(personal, item, { groupId: null });
      await saveItem(team, item, { groupId: null });
    }
    for (const deps of [personal, team, teamDeps('ana')]) {
      const listed = await loadItems(deps);
      expect(listed.map(({ overview }) => overview?.kind).sort()).toEqual(['card', 'identity', 'login', 'note', 'ssh']);
      const opened = await Promise.all(listed.map(({ entry }) => openItem(deps, entry)));
      expect(opened.sort((a, b) => a.title.localeCompare(b.title))).toEqual([...EVERY_KIND].sort((a, b) => a.title.localeCompare(b.title)));
    }
    const stored = await dump();
    expect(stored).toContain('"format":3');
    for (const value of DISTINCTIVE_VALUES) expect(stored, value).not.toContain(value);
  });

  it('an item edited stays format 3 and its team event names parts, not values', async () => {
    const team = teamDeps('bob');
    const [login] = EVERY_KIND;
    if (login?.kind !== 'login') throw new Error('fixture');
    const created = await saveItem(team, login, { groupId: null });
    await saveItem(team, { ...login, fields: { ...login.fields, password: 'Zx-password-new' } }, { groupId: null }, created);
    const stored = await dump();
    expect(stored).not.toContain('Zx-password-new');
    const [listed] = await loadItems(team);
    if (listed === undefined) throw new Error('listed');
    const opened = await openItem(team, listed.entry);
    expect(opened.kind === 'login' ? opened.fields.history.map(({ password }) => password) : null).toEqual(['Zx-password-🔐', 'Zx-old-password']);
  });
});

describe('format rules for items (allow and deny, paired)', () => {
  const item = (overrides: Record<string, unknown> = {}) => ({ ...sampleSealedEntry('ana', { createdAt: now(), updatedAt: now() }), format: 3, ...overrides });
  const teamItem = (overrides: Record<string, unknown> = {}) => item({ userId: 'bob', teamId: TEAM, keyVersion: KEY_VERSION, ...overrides });
  const edit = (format: number) => ({ format, overview: base64OfBytes(48, 0x43), details: base64OfBytes(48, 0x44), updatedAt: now(), revision: 2 });

  it('a personal entry of format 3 is allowed; of format 4, denied', async () => {
    await assertSucceeds(setDoc(doc(db('ana'), 'passwords/item'), item()));
    await assertFails(setDoc(doc(db('ana'), 'passwords/item-4'), item({ format: 4 })));
  });

  it('a team entry of format 3 is allowed at the team key version; at another, denied', async () => {
    const writer = { uid: 'bob', email: 'bob@example.com' };
    await assertSucceeds(createWithEvents(db('bob'), writer, 'passwords/team-item', teamItem()));
    await assertFails(createWithEvents(db('bob'), writer, 'passwords/team-item-old', teamItem({ keyVersion: KEY_VERSION - 1 })));
  });

  it('a format-2 entry may become format 3; a format-3 entry may not go back to format 2', async () => {
    await environment().withSecurityRulesDisabled(async (context) => {
      const firestore = context.firestore() as unknown as Firestore;
      await setDoc(doc(firestore, 'passwords/two'), sampleSealedEntry('ana'));
      await setDoc(doc(firestore, 'passwords/three'), { ...sampleSealedEntry('ana'), format: 3 });
    });
    await assertSucceeds(updateDoc(doc(db('ana'), 'passwords/two'), edit(3)));
    await assertFails(updateDoc(doc(db('ana'), 'passwords/three'), edit(2)));
    await assertSucceeds(updateDoc(doc(db('ana'), 'passwords/three'), edit(3)));
  });
});
