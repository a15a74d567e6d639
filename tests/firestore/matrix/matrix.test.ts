// The rules matrix (firestore tier): every collection × operation × actor from the rows files,
// and every malformed write paired with the well-formed one it spoils. Pattern (ENGINEERING.md
// §6): wipe, seed with the rules disabled, then assert. The table shape is in table.ts.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { firestoreAs, useRulesEnvironment } from '../rulesEnvironment';
import { writeWithEvents } from './companionEvents';
import { TABLES } from './rows';
import { ACTORS, IDENTITIES, OPERATIONS, type AccessRow, type Actor, type MalformedRow, type Seed } from './table';

const environment = useRulesEnvironment();

/**
 * The seed the emulator holds untouched since it was written: a read, or a write the rules denied,
 * changes nothing, so the next row with the same seed need not wipe and write it again. Any write
 * attempt clears it first, whatever its outcome, so a deny that wrongly succeeded cannot leak on.
 */
let untouched: { readonly seed: Seed; readonly paths: Set<string> } | null = null;

/** Wipes the emulator and writes the seed with the rules off, in one batch; returns the seeded paths. */
async function reset(seed: Seed): Promise<Set<string>> {
  if (untouched?.seed === seed) return untouched.paths;
  untouched = null;
  const env = environment();
  await env.clearFirestore();
  const documents = seed();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    for (const [path, data] of Object.entries(documents)) batch.set(doc(db, path), data);
    await batch.commit();
  });
  const paths = new Set(Object.keys(documents));
  untouched = { seed, paths };
  return paths;
}

/** Called before any write: the emulator may no longer hold the seed as written. */
function touched(): void {
  untouched = null;
}

function firestoreOf(env: RulesTestEnvironment, actor: Actor): Firestore {
  if (actor === 'signedOut') return env.unauthenticatedContext().firestore() as unknown as Firestore;
  const { uid, claims } = IDENTITIES[actor];
  return firestoreAs(env, uid, claims);
}

function payload(row: { readonly data?: () => DocumentData }): DocumentData {
  if (!row.data) throw new Error('a create or update row needs data');
  return row.data();
}

function perform(db: Firestore, row: AccessRow, seed: Seed, actor: Actor): Promise<unknown> {
  if (row.op !== 'get' && row.op !== 'list') touched();
  switch (row.op) {
    case 'get':
      return getDoc(doc(db, row.path));
    case 'list':
      return getDocs(query(collection(db, row.path), ...(row.where ?? []).map(([field, op, value]) => where(field, op, value))));
    case 'create':
    case 'update':
      return writeWithEvents(db, row.op, row, payload(row), seed, actor);
    case 'delete':
      return writeWithEvents(db, 'delete', row, undefined, seed, actor);
  }
}

function write(db: Firestore, row: MalformedRow, data: DocumentData, seed: Seed, actor: Actor): Promise<void> {
  touched();
  return writeWithEvents(db, row.op, row, data, seed, actor);
}

/** A create must meet no document (else the rules see an update); the rest need theirs seeded. */
function expectRightState(op: AccessRow['op'] | MalformedRow['op'], path: string, seeded: Set<string>): void {
  if (op === 'list') return;
  expect(seeded.has(path), `${op} ${path}: ${op === 'create' ? 'must not be' : 'must be'} seeded`).toBe(op !== 'create');
}

describe.each(TABLES.map((table) => [table.collection, table] as const))('%s', (_name, table) => {
  it('has rows for every operation', () => {
    expect(new Set(table.access.map((row) => row.op))).toEqual(new Set(OPERATIONS));
  });

  describe.each(table.access.map((row) => [`${row.op} ${row.what}`, row] as const))('%s', (_label, row) => {
    const seed = row.seed ?? table.seed;

    it('works with the rules off (so a deny below is the rules’)', async () => {
      const seeded = await reset(seed);
      expectRightState(row.op, row.path, seeded);
      await environment().withSecurityRulesDisabled(async (context) => {
        const result = await perform(context.firestore() as unknown as Firestore, row, seed, 'owner');
        if (row.op === 'list') expect((result as { size: number }).size).toBeGreaterThan(0);
      });
    });

    it.each(ACTORS.map((actor) => [actor, row.expect[actor]] as const))('%s: %s', async (actor, outcome) => {
      await reset(seed);
      const attempt = perform(firestoreOf(environment(), actor), row, seed, actor);
      await (outcome === 'allow' ? assertSucceeds(attempt) : assertFails(attempt));
    });
  });

  if (table.malformed.length > 0) {
    describe('malformed writes are denied; the same write well formed is allowed', () => {
      it.each(table.malformed.map((row) => [`${row.op} with ${row.what}`, row] as const))('%s', async (_label, row) => {
        const seed = row.seed ?? table.seed;
        const seeded = await reset(seed);
        expectRightState(row.op, row.path, seeded);
        const actor = row.actor ?? 'owner';
        const db = firestoreOf(environment(), actor);
        await assertFails(write(db, row, row.invalid(), seed, actor));
        await assertSucceeds(write(db, row, row.valid(), seed, actor));
      });
    });
  }
});
