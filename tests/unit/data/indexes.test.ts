import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeIndex, findQueries, indexNeed, programFor, serves, type FoundQuery, type Index } from '../../support/firestoreQueries';

const root = path.resolve(import.meta.dirname, '../../..');
const { indexes } = JSON.parse(readFileSync(path.join(root, 'firestore.indexes.json'), 'utf8')) as { indexes: Index[] };

/** The two places queries are built: the app's (client SDK) and the functions' (Admin SDK), each read with its own tsconfig. */
const projects = [
  { tsconfig: 'tsconfig.json', sources: 'src/' },
  { tsconfig: 'functions/tsconfig.json', sources: 'functions/src/' },
] as const;

/**
 * Indexes no query in the code needs, kept on purpose. Every other index must be one a query
 * needs, so that this list, not a copy of the queries, is all that is written by hand.
 */
const KEPT: readonly { index: string; why: string }[] = [
  // The entry and group lists by title/name of the previous releases (entries are now read in
  // pages on the document id, sealed groups ordered in the browser); kept while their clients may
  // still ask (docs/vault.md, "Loading").
  { index: 'passwords(userId, teamId, title)', why: 'personal entries by title, previous release' },
  { index: 'groups(userId, teamId, name)', why: 'personal groups by name, previous release' },
  { index: 'passwords(teamId, title)', why: 'team entries by title, previous release' },
  { index: 'groups(teamId, name)', why: 'team groups by name, previous release' },
  { index: 'passwords(teamId, keyVersion)', why: "finishKeyRotation's check of entries below keyVersion, previous release" },
  // createTeam's plan limit (functions/src/teams/createTeam.ts) filters on equality alone, which
  // Firestore serves by merging single-field indexes; the composite was added with it.
  { index: 'teams(ownerId, deleting)', why: "createTeam's count of teams owned and not being deleted" },
];

/** The composite queries of `queries` with no index in `available`, and the queries the reading could not follow. */
function missing(queries: readonly FoundQuery[], available: readonly Index[]): string[] {
  return queries.flatMap((query) => {
    const need = indexNeed(query);
    if (need.kind === 'none') return [];
    if (need.kind === 'unknown') return [`${query.at}: cannot tell the index (${need.reason})`];
    return available.some((index) => serves(index, need)) ? [] : [`${query.at}: no index ${describeIndex(need.index)}`];
  });
}

/**
 * Sources the reading must judge, added to the projects beside their own files, outside `src/`
 * and `functions/src/` so the checks of the real queries never see them.
 */
const SYNTHETIC = {
  repository: {
    project: 0,
    file: 'synthetic/repository.ts',
    text: `import { collection, getDocs, orderBy, query, where, type Firestore } from 'firebase/firestore';
type Field = 'userId' | 'teamId';
export const recent = (db: Firestore, field: Field, value: string) =>
  getDocs(query(collection(db, 'passwords'), where(field, '==', value), orderBy('updatedAt', 'desc')));
export const byTeam = (db: Firestore, teamId: string) => getDocs(query(collection(db, 'passwords'), where('teamId', '==', teamId)));
`,
  },
  functions: {
    project: 1,
    file: 'synthetic/functionsStore.ts',
    text: `import type { Firestore } from 'firebase-admin/firestore';
const teamsOf = (db: Firestore) => db.collection('teams');
export async function oldest(db: Firestore, uid: string) {
  const owned = teamsOf(db).where('ownerId', '==', uid);
  return owned.where('deleting', '==', false).orderBy('createdAt').limit(1).select().get();
}
`,
  },
  unnamed: {
    project: 0,
    file: 'synthetic/unnamedField.ts',
    text: `import { collection, getDocs, orderBy, query, where, type Firestore } from 'firebase/firestore';
export const byAny = (db: Firestore, field: string, value: string) =>
  getDocs(query(collection(db, 'groups'), where(field, '==', value), orderBy('name')));
`,
  },
} as const;

const queries: FoundQuery[] = [];
const synthetic = new Map<string, FoundQuery[]>();

// Reading two projects' sources with the compiler takes seconds, and more on a loaded machine.
beforeAll(() => {
  projects.forEach((project, at) => {
    const extra = Object.fromEntries(
      Object.values(SYNTHETIC)
        .filter((source) => source.project === at)
        .map((source) => [path.join(root, source.file), source.text]),
    );
    const program = programFor(path.join(root, project.tsconfig), extra);
    queries.push(...findQueries(program, root, (file) => file.startsWith(project.sources)));
    for (const source of Object.values(SYNTHETIC).filter((candidate) => candidate.project === at)) {
      synthetic.set(source.file, findQueries(program, root, (file) => file === source.file));
    }
  });
}, 300_000);

describe('firestore.indexes.json', () => {
  it('has an index for every composite query the repositories and functions build', () => {
    expect(missing(queries, indexes)).toEqual([]);
  });

  it('holds only indexes a query needs, or ones kept on purpose', () => {
    const needed = queries.flatMap((query) => {
      const need = indexNeed(query);
      return need.kind === 'index' ? [need] : [];
    });
    const kept = new Set(KEPT.map((entry) => entry.index));
    const unexplained = indexes.filter((index) => !needed.some((need) => serves(index, need)) && !kept.has(describeIndex(index)));
    expect(unexplained.map(describeIndex)).toEqual([]);
    // The reading found the queries: each of these is built in the code today (docs/invitations.md, docs/teams.md).
    expect(needed.map((need) => describeIndex(need.index)).sort()).toEqual(
      expect.arrayContaining([
        'invitations(email, status, createdAt desc)',
        'invitations(teamId, status, createdAt desc)',
        'invitations(status, expiresAt)',
        'teams(memberIds[], deleting, name)',
      ]),
    );
  });

  it.each(KEPT)('keeps $index ($why), which no query in the code needs', ({ index }) => {
    expect(indexes.map(describeIndex)).toContain(index);
    const neededByCode = queries.some((query) => {
      const need = indexNeed(query);
      return need.kind === 'index' && describeIndex(need.index) === index;
    });
    expect(neededByCode).toBe(false);
  });

  it('has each index once, with every field either ordered or array-contains', () => {
    const keys = indexes.map(describeIndex);
    expect(new Set(keys).size).toBe(keys.length);
    for (const field of indexes.flatMap((index) => index.fields)) {
      expect(Boolean(field.order) !== Boolean(field.arrayConfig), field.fieldPath).toBe(true);
    }
  });
});

describe('the query reading', () => {
  it('fails a repository query added without its index', () => {
    const found = synthetic.get(SYNTHETIC.repository.file) ?? [];
    expect(missing(found, indexes).sort()).toEqual([
      'synthetic/repository.ts:4: no index passwords(teamId, updatedAt desc)',
      'synthetic/repository.ts:4: no index passwords(userId, updatedAt desc)',
    ]);
    const withIndexes: Index[] = [
      ...indexes,
      { collectionGroup: 'passwords', fields: [{ fieldPath: 'userId', order: 'ASCENDING' }, { fieldPath: 'updatedAt', order: 'DESCENDING' }] },
      { collectionGroup: 'passwords', fields: [{ fieldPath: 'teamId', order: 'ASCENDING' }, { fieldPath: 'updatedAt', order: 'DESCENDING' }] },
    ];
    expect(missing(found, withIndexes)).toEqual([]);
  });

  it('follows a collection and a base query through variables and helpers, and Admin chains in the functions', () => {
    const found = synthetic.get(SYNTHETIC.functions.file) ?? [];
    expect(missing(found, indexes)).toEqual(['synthetic/functionsStore.ts:5: no index teams(ownerId, deleting, createdAt)']);
  });

  it('reports a composite query whose field it cannot name, rather than passing it', () => {
    const found = synthetic.get(SYNTHETIC.unnamed.file) ?? [];
    expect(missing(found, indexes)).toEqual([
      'synthetic/unnamedField.ts:3: cannot tell the index (a filter or order whose field or operator is not a string literal)',
    ]);
  });
});
