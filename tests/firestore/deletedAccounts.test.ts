// A deleted account's ID token stays valid for up to an hour (issue #16 item 6,
// docs/account-deletion.md "Tombstone"): with deletedAccounts/{uid} present, every create and
// update the rules matrix allows is denied to that uid, and the same write by the same actor is
// allowed while only another uid is tombstoned. The rows are the matrix's own (matrix/rows.ts), so
// a write path added there is covered here too.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc, type Firestore } from 'firebase/firestore';
import { writeWithEvents } from './matrix/companionEvents';
import { describe, expect, it } from 'vitest';
import { TABLES } from './matrix/rows';
import { ACTORS, IDENTITIES, OWNER, type AccessRow, type Actor, type Seed } from './matrix/table';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const environment = useRulesEnvironment();

/** A uid no actor has: its tombstone must change nothing for anyone else. */
const STRANGER = 'zed';

async function reset(seed: Seed, tombstoned: string): Promise<void> {
  const env = environment();
  await env.clearFirestore();
  const documents = { ...seed(), [`deletedAccounts/${tombstoned}`]: { uid: tombstoned, deletedAt: Date.now() - 60_000 } };
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (const [path, data] of Object.entries(documents)) await setDoc(doc(db, path), data);
  });
}

/** The row's write, with the activity-log event a client adds to a team write (issue #24). */
function write(db: Firestore, row: AccessRow, seed: Seed, actor: Writer): Promise<void> {
  if (!row.data) throw new Error(`${row.op} ${row.what}: a write row needs data`);
  if (row.op !== 'create' && row.op !== 'update') throw new Error(`${row.op} ${row.what}: not a write`);
  return writeWithEvents(db, row.op, row, row.data(), seed, actor);
}

type Writer = Exclude<Actor, 'signedOut'>;

/** Every create and update row of the matrix that some signed-in actor may make, with that actor. */
const WRITES = TABLES.flatMap((table) =>
  table.access
    .filter((row) => row.op === 'create' || row.op === 'update')
    .flatMap((row) => {
      const actor = ACTORS.find((each): each is Writer => each !== 'signedOut' && row.expect[each] === 'allow');
      return actor === undefined ? [] : [{ label: `${table.collection}: ${row.op} ${row.what} (${actor})`, seed: row.seed ?? table.seed, row, actor }];
    }),
);

function dbOf(actor: Writer): Firestore {
  const { uid, claims } = IDENTITIES[actor];
  return firestoreAs(environment(), uid, claims);
}

describe('a tombstoned uid writes nothing', () => {
  it('covers the write paths of every collection a client writes', () => {
    const collections = new Set(WRITES.map((each) => each.label.split(':')[0]));
    for (const name of ['users', 'passwords', 'groups', 'teams', 'publicKeys', 'knownKeys', 'invitations']) expect(collections).toContain(name);
  });

  it.each(WRITES.map((each) => [each.label, each] as const))('%s', async (_label, { seed, row, actor }) => {
    await reset(seed, IDENTITIES[actor].uid);
    await assertFails(write(dbOf(actor), row, seed, actor));
    await reset(seed, STRANGER);
    await assertSucceeds(write(dbOf(actor), row, seed, actor));
  });
});

describe('deletedAccounts', () => {
  it('is closed to the account it names: no read, write or delete of its own tombstone', async () => {
    await reset(() => ({}), OWNER);
    const own = doc(dbOf('owner'), `deletedAccounts/${OWNER}`);
    await assertFails(getDoc(own));
    await assertFails(deleteDoc(own));
    await assertFails(setDoc(doc(dbOf('other'), `deletedAccounts/${IDENTITIES.other.uid}`), { uid: IDENTITIES.other.uid, deletedAt: Date.now() }));
  });
});

