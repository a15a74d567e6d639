// Issue #41 (items 1 and 6): an entry's or group's events belong to its life, and an edit's event
// names the sealed parts whose ciphertext changed. A save is accepted only with its event created
// in the same batch (an event left by an earlier life under the same id stands for nothing), and
// a team id whose deletion is in the log cannot be created again. Each attack has its control.
import { deleteDoc, doc, serverTimestamp, setDoc, updateDoc, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeEventId } from '../../src/domain/auditEvents';
import { createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { base64OfBytes } from '../contract/userRepository.contract';
import { sampleSealedEntry, sampleSealedGroup } from '../contract/vaultRepositories.contract';
import { KEY_VERSION, sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { actorAs, firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();
const TEAM = 'team-1';
/** An entry and a group whose first life was created, edited and deleted, each with its event. */
const REUSED_ENTRY = 'entry-reused';
const REUSED_GROUP = 'group-reused';
/** A live entry and group, never deleted. */
const LIVE_ENTRY = 'entry-live';
const LIVE_GROUP = 'group-live';
const PART_A = base64OfBytes(48, 0x41);
const PART_B = base64OfBytes(48, 0x42);

const actor = (uid: string) => ({ uid, email: `${uid}@example.com` });
const teamEntry = (overrides: DocumentData = {}) => ({ ...sampleSealedEntry('bob', { teamId: TEAM, keyVersion: KEY_VERSION }), overview: PART_A, details: PART_A, ...overrides });
const teamGroup = (overrides: DocumentData = {}) => sampleSealedGroup(null, { teamId: TEAM, keyVersion: KEY_VERSION, ...overrides });
const entryEvent = (kind: string, entryId: string, more: DocumentData = {}) => ({ kind, teamId: TEAM, actor: actor('bob'), at: serverTimestamp(), entryId, ...more });
const groupEvent = (kind: string, groupId: string) => ({ kind, teamId: TEAM, actor: actor('bob'), at: serverTimestamp(), groupId });
/** An event as a callable or an earlier save left it. */
const stored = (data: DocumentData) => ({ ...data, at: 1 });

async function seed(write: (db: Firestore) => Promise<void>): Promise<void> {
  await env().withSecurityRulesDisabled((context) => write(context.firestore() as unknown as Firestore));
}

/** The first life's events: created, edited to revision 2, deleted. */
async function seedFirstLives(db: Firestore, options: { pruned?: boolean } = {}): Promise<void> {
  const events: Record<string, DocumentData> = {
    [writeEventId('entry', REUSED_ENTRY, 1)]: entryEvent('entry.created', REUSED_ENTRY),
    [writeEventId('entry', REUSED_ENTRY, 2)]: entryEvent('entry.edited', REUSED_ENTRY, { parts: ['password'] }),
    [writeEventId('entry', REUSED_ENTRY, 'deleted')]: entryEvent('entry.deleted', REUSED_ENTRY),
    [writeEventId('group', REUSED_GROUP, 1)]: groupEvent('group.created', REUSED_GROUP),
    [writeEventId('group', REUSED_GROUP, 2)]: groupEvent('group.edited', REUSED_GROUP),
    [writeEventId('group', REUSED_GROUP, 'deleted')]: groupEvent('group.deleted', REUSED_GROUP),
  };
  for (const [id, data] of Object.entries(events)) {
    // Retention removes the oldest first: the creations go, the deletions stay.
    if (options.pruned === true && id.endsWith('-r1')) continue;
    await setDoc(doc(db, 'teams', TEAM, 'events', id), stored(data));
  }
}

beforeEach(async () => {
  await env().clearFirestore();
  await seedLiveTrial(env(), 'bob');
  await seed(async (db) => {
    await setDoc(doc(db, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner', bob: 'full' }, { entryFormat: 2 }));
    await setDoc(doc(db, 'passwords', LIVE_ENTRY), teamEntry());
    await setDoc(doc(db, 'groups', LIVE_GROUP), teamGroup());
    await seedFirstLives(db);
  });
});

/** Bob's batch: the write, and each event given beside it. */
function batchOf(write: (batch: ReturnType<typeof writeBatch>, db: Firestore) => void, events: Readonly<Record<string, DocumentData>> = {}): Promise<void> {
  const db = firestoreAs(env(), 'bob');
  const batch = writeBatch(db);
  write(batch, db);
  for (const [id, data] of Object.entries(events)) batch.set(doc(db, 'teams', TEAM, 'events', id), data);
  return batch.commit();
}

describe('an id reused after its deletion (issue #41, item 1)', () => {
  it('re-creating a deleted entry or group is refused, with or without an event; a new id is allowed', async () => {
    const bob = firestoreAs(env(), 'bob');
    await assertFails(setDoc(doc(bob, 'passwords', REUSED_ENTRY), teamEntry()));
    await assertFails(setDoc(doc(bob, 'groups', REUSED_GROUP), teamGroup()));
    await assertSucceeds(batchOf((batch, db) => batch.set(doc(db, 'passwords', 'entry-new'), teamEntry()), {
      [writeEventId('entry', 'entry-new', 1)]: entryEvent('entry.created', 'entry-new'),
    }));
    await assertSucceeds(batchOf((batch, db) => batch.set(doc(db, 'groups', 'group-new'), teamGroup()), {
      [writeEventId('group', 'group-new', 1)]: groupEvent('group.created', 'group-new'),
    }));
  });

  it('once retention removed the first life’s creation, its deletion still keeps the id from being reborn, even with a fresh event', async () => {
    await seed(async (db) => {
      await deleteDoc(doc(db, 'teams', TEAM, 'events', writeEventId('entry', REUSED_ENTRY, 1)));
      await deleteDoc(doc(db, 'teams', TEAM, 'events', writeEventId('group', REUSED_GROUP, 1)));
    });
    await assertFails(batchOf((batch, db) => batch.set(doc(db, 'passwords', REUSED_ENTRY), teamEntry()), {
      [writeEventId('entry', REUSED_ENTRY, 1)]: entryEvent('entry.created', REUSED_ENTRY),
    }));
    await assertFails(batchOf((batch, db) => batch.set(doc(db, 'groups', REUSED_GROUP), teamGroup()), {
      [writeEventId('group', REUSED_GROUP, 1)]: groupEvent('group.created', REUSED_GROUP),
    }));
  });

  describe('an entry reborn under the rules before issue #41 (seeded), saved on its first life’s events', () => {
    beforeEach(async () => {
      await seed(async (db) => {
        await setDoc(doc(db, 'passwords', REUSED_ENTRY), teamEntry());
        await setDoc(doc(db, 'groups', REUSED_GROUP), teamGroup());
      });
    });

    it('an edit, a move or a delete without an event of its own is refused', async () => {
      const bob = firestoreAs(env(), 'bob');
      await assertFails(updateDoc(doc(bob, 'passwords', REUSED_ENTRY), { details: PART_B, updatedAt: Date.now(), revision: 2 }));
      await assertFails(updateDoc(doc(bob, 'passwords', REUSED_ENTRY), { groupId: LIVE_GROUP, updatedAt: Date.now(), revision: 2 }));
      await assertFails(deleteDoc(doc(bob, 'passwords', REUSED_ENTRY)));
      await assertFails(updateDoc(doc(bob, 'groups', REUSED_GROUP), { sealed: teamGroup().sealed, updatedAt: Date.now(), revision: 2 }));
      await assertFails(deleteDoc(doc(bob, 'groups', REUSED_GROUP)));
    });

    it('the same writes of a live entry and group with their fresh events are allowed', async () => {
      await assertSucceeds(batchOf((batch, db) => batch.update(doc(db, 'passwords', LIVE_ENTRY), { details: PART_B, updatedAt: Date.now(), revision: 2 }), {
        [writeEventId('entry', LIVE_ENTRY, 2)]: entryEvent('entry.edited', LIVE_ENTRY, { parts: ['password'] }),
      }));
      await assertSucceeds(batchOf((batch, db) => batch.update(doc(db, 'passwords', LIVE_ENTRY), { groupId: LIVE_GROUP, updatedAt: Date.now(), revision: 3 }), {
        [writeEventId('entry', LIVE_ENTRY, 3)]: entryEvent('entry.moved', LIVE_ENTRY, { fromGroupId: null, toGroupId: LIVE_GROUP }),
      }));
      await assertSucceeds(batchOf((batch, db) => batch.update(doc(db, 'groups', LIVE_GROUP), { updatedAt: Date.now(), revision: 2 }), {
        [writeEventId('group', LIVE_GROUP, 2)]: groupEvent('group.edited', LIVE_GROUP),
      }));
      await assertSucceeds(batchOf((batch, db) => batch.delete(doc(db, 'passwords', LIVE_ENTRY)), {
        [writeEventId('entry', LIVE_ENTRY, 'deleted')]: entryEvent('entry.deleted', LIVE_ENTRY),
      }));
    });
  });

  it('a save whose event already stands (another save’s, or a seeded one) is refused', async () => {
    await seed((db) => setDoc(doc(db, 'teams', TEAM, 'events', writeEventId('entry', LIVE_ENTRY, 2)), stored(entryEvent('entry.edited', LIVE_ENTRY, { parts: ['password'] }))));
    const bob = firestoreAs(env(), 'bob');
    await assertFails(updateDoc(doc(bob, 'passwords', LIVE_ENTRY), { details: PART_B, updatedAt: Date.now(), revision: 2 }));
    await seed((db) => setDoc(doc(db, 'teams', TEAM, 'events', writeEventId('group', LIVE_GROUP, 'deleted')), stored(groupEvent('group.deleted', LIVE_GROUP))));
    await assertFails(deleteDoc(doc(bob, 'groups', LIVE_GROUP)));
  });
});

it('a team group’s entries move out five per transaction, each beside its fresh event, within the rules’ document reads', async () => {
  await seed(async (db) => {
    for (let index = 0; index < 6; index += 1) await setDoc(doc(db, 'passwords', `grouped-${String(index)}`), teamEntry({ groupId: LIVE_GROUP }));
  });
  const passwords = createFirestorePasswordRepository(firestoreAs(env(), 'bob'), undefined, {}, actorAs('bob'));
  expect(await passwords.ungroupTeam(TEAM, LIVE_GROUP, Date.now())).toBe(6);
});

describe('an edit’s event names the sealed parts it changed (issue #41, item 6)', () => {
  const edit = (change: DocumentData, event: DocumentData) =>
    batchOf((batch, db) => batch.update(doc(db, 'passwords', LIVE_ENTRY), { ...change, updatedAt: Date.now(), revision: 2 }), {
      [writeEventId('entry', LIVE_ENTRY, 2)]: event,
    });
  const edited = (parts: readonly string[]) => entryEvent('entry.edited', LIVE_ENTRY, { parts });

  it('new details named as an overview change, or as no change, are refused; named by password, notes or details, allowed', async () => {
    await assertFails(edit({ details: PART_B }, edited(['overview'])));
    await assertFails(edit({ details: PART_B }, edited([])));
    for (const part of ['password', 'notes', 'details']) {
      await assertSucceeds(edit({ details: PART_B }, edited([part])));
      await seed((db) => deleteDoc(doc(db, 'teams', TEAM, 'events', writeEventId('entry', LIVE_ENTRY, 2))).then(() => setDoc(doc(db, 'passwords', LIVE_ENTRY), teamEntry())));
    }
  });

  it('a new overview not named is refused; named, allowed; both parts need both named', async () => {
    await assertFails(edit({ overview: PART_B }, edited(['password'])));
    await assertFails(edit({ overview: PART_B, details: PART_B }, edited(['overview'])));
    await assertFails(edit({ overview: PART_B, details: PART_B }, edited(['notes'])));
    await assertSucceeds(edit({ overview: PART_B, details: PART_B }, edited(['overview', 'notes'])));
  });

  it('a move that changes a sealed part is refused; a move alone is allowed', async () => {
    const moved = entryEvent('entry.moved', LIVE_ENTRY, { fromGroupId: null, toGroupId: LIVE_GROUP });
    await assertFails(edit({ groupId: LIVE_GROUP, details: PART_B }, moved));
    await assertFails(edit({ groupId: LIVE_GROUP, overview: PART_B }, moved));
    await assertSucceeds(edit({ groupId: LIVE_GROUP }, moved));
  });

  it('an edit that re-seals under a new key version is not compared (every part changes with the key)', async () => {
    await seed(async (db) => {
      await setDoc(doc(db, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner', bob: 'full' }, { entryFormat: 2, keyVersion: KEY_VERSION + 1 }));
    });
    await assertSucceeds(edit({ overview: PART_B, details: PART_B, keyVersion: KEY_VERSION + 1 }, edited(['password'])));
  });
});
