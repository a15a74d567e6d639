// Issue #18 item 0: a vault is read in pages on the document id (a single query for 10,000 entries
// failed on the listen stream and the screen showed an empty vault), and ordered by title in the
// browser exactly as the query ordered by title did: by code point, then by document id.
import { doc, writeBatch, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { ENTRY_PAGE_SIZE, createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { allPages, sampleEntry, sampleTeamEntry, type ContractTeam } from '../contract/vaultRepositories.contract';
import { sampleTeam } from './matrix/teamSeed';
import { litePageReader } from '../../src/data/firestore/litePages';
import { firestoreAs, liteFirestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

// U+FF5E sorts after U+1F510 by UTF-16 code unit, before it by code point (as Firestore orders).
const ODD_TITLES = ['\u{1F510} vault', '\uFF5E wave', 'Zebra', 'apple', 'Äpfel'];

async function seed(documents: readonly (readonly [string, Record<string, unknown>])[]): Promise<void> {
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (let start = 0; start < documents.length; start += 400) {
      const batch = writeBatch(db);
      for (const [id, data] of documents.slice(start, start + 400)) batch.set(doc(db, 'passwords', id), data);
      await batch.commit();
    }
  });
}

describe('paged entry reads', () => {
  it('a personal vault of more than two pages is listed whole, in title order, with the same title ordered by id', async () => {
    await env().clearFirestore();
    const count = ENTRY_PAGE_SIZE * 2 + 17;
    const documents = Array.from({ length: count }, (_, index): readonly [string, Record<string, unknown>] => {
      const title = index < ODD_TITLES.length ? ODD_TITLES[index]! : `Entry ${String(count - index).padStart(4, '0')}`;
      return [`id-${String((index * 7919) % 100_000).padStart(5, '0')}`, { ...sampleEntry('ana', title) }];
    });
    documents.push(['aaa-same', { ...sampleEntry('ana', 'Zebra') }], ['zzz-same', { ...sampleEntry('ana', 'Zebra') }]);
    // Someone else's entry is not read (the query names the owner, as the rules require).
    documents.push(['bob-entry', { ...sampleEntry('bob', 'Bob') }]);
    await seed(documents);

    const listed = await createFirestorePasswordRepository(firestoreAs(env(), 'ana')).listPersonal('ana');
    expect(listed).toHaveLength(count + 2);
    const titles = listed.map((entry) => entry.data.title!);
    const codePoints = (title: string) => Array.from(title, (char) => char.codePointAt(0) ?? 0);
    const expected = [...titles].sort((a, b) => {
      const [left, right] = [codePoints(a), codePoints(b)];
      for (let index = 0; index < Math.min(left.length, right.length); index += 1) if (left[index] !== right[index]) return left[index]! - right[index]!;
      return left.length - right.length;
    });
    expect(titles).toEqual(expected);
    expect(titles.indexOf('\uFF5E wave')).toBeLessThan(titles.indexOf('\u{1F510} vault'));
    const zebras = listed.filter((entry) => entry.data.title === 'Zebra').map((entry) => entry.id);
    expect(zebras).toEqual([...zebras].sort());
    expect(zebras[0]).toBe('aaa-same');
  });

  it('a personal vault is read a page at a time for the screens: pages of at most ENTRY_PAGE_SIZE in id order, every entry once', async () => {
    await env().clearFirestore();
    const count = ENTRY_PAGE_SIZE * 2 + 5;
    const documents = Array.from({ length: count }, (_, index): readonly [string, Record<string, unknown>] => [
      `id-${String((index * 7919) % 100_000).padStart(5, '0')}`,
      { ...sampleEntry('ana', `Entry ${index}`) },
    ]);
    documents.push(['bob-entry', { ...sampleEntry('bob', 'Bob') }]);
    await seed(documents);

    // Through the full SDK (the default) and through the lite reader the app passes.
    const readers = [undefined, litePageReader(await liteFirestoreAs(env(), 'ana'))];
    for (const reader of readers) {
      const pages = await allPages(createFirestorePasswordRepository(firestoreAs(env(), 'ana'), reader).readPersonalPages('ana'));
      expect(pages.map((page) => page.items.length)).toEqual([ENTRY_PAGE_SIZE, ENTRY_PAGE_SIZE, 5]);
      const ids = pages.flatMap((page) => page.items.map((entry) => entry.id));
      expect(ids).toEqual([...ids].sort());
      expect(new Set(ids)).toEqual(new Set(documents.slice(0, count).map(([id]) => id)));
      expect(pages.flatMap((page) => page.malformed)).toEqual([]);
    }
  });

  it('the lite reader asks only what the rules allow: another user’s vault is refused', async () => {
    await env().clearFirestore();
    await seed([['ana-entry', { ...sampleEntry('ana', 'Ana') }]]);
    const reader = litePageReader(await liteFirestoreAs(env(), 'bob'));
    await expect(allPages(createFirestorePasswordRepository(firestoreAs(env(), 'bob'), reader).readPersonalPages('ana'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it('a team of more than one page is listed whole for a member', async () => {
    await env().clearFirestore();
    const team: ContractTeam = { teamId: 'team-paged', keyVersion: 1, roles: { ana: 'owner', vic: 'view' } };
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      const batch = writeBatch(db);
      batch.set(doc(db, 'teams', team.teamId), sampleTeam('ana', team.teamId, team.roles, { keyVersion: team.keyVersion }));
      await batch.commit();
    });
    await seed(Array.from({ length: ENTRY_PAGE_SIZE + 1 }, (_, index) => [`t-${index}`, { ...sampleTeamEntry(team, 'ana', `T ${index}`) }] as const));
    const listed = await createFirestorePasswordRepository(firestoreAs(env(), 'vic')).listTeam(team.teamId);
    expect(listed).toHaveLength(ENTRY_PAGE_SIZE + 1);
    for (const reader of [undefined, litePageReader(await liteFirestoreAs(env(), 'vic'))]) {
      const pages = await allPages(createFirestorePasswordRepository(firestoreAs(env(), 'vic'), reader).readTeamPages(team.teamId));
      expect(pages.map((page) => page.items.length)).toEqual([ENTRY_PAGE_SIZE, 1]);
    }
  });
});
