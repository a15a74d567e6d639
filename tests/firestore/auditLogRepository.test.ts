// Issue #24, the viewer's reads: a team's activity log a page at a time through the real
// repository (firebase/firestore/lite): newest first with a cursor, each filter, never more than a
// page of documents per read, a malformed event listed as such, and only owners and admins read it.
import { assertFails } from '@firebase/rules-unit-testing';
import { doc, Timestamp, writeBatch, type Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, type AuditEvent } from '../../src/domain/auditEvents';
import { isMalformed, type AuditLogQuery, type AuditLogRepository, type LogEntry } from '../../src/data/audit/auditLog';
import { createFirestoreAuditLogRepository } from '../../src/data/firestore/firestoreAuditLogRepository';
import { sampleTeam } from './matrix/teamSeed';
import { liteFirestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();
const TEAM = 'team-1';
const OTHER_TEAM = 'team-2';
const START = Date.UTC(2026, 10, 1);
const MINUTE = 60_000;

type Seeded = readonly [id: string, data: Record<string, unknown>];

/** Event `index` of the log: a minute after the one before, alternately ana's entry edits and adam's invitations. */
function eventAt(index: number, teamId = TEAM): Seeded {
  const body: AuditEvent =
    index % 2 === 0
      ? { teamId, actor: { uid: 'ana', email: 'ana@example.com' }, kind: 'entry.edited', entryId: `entry-${String(index)}`, parts: ['password'] }
      : { teamId, actor: { uid: 'adam', email: 'adam@example.com' }, kind: 'invitation.sent', invitationId: `inv-${String(index)}`, email: 'new@example.com' };
  return [`event-${String(index).padStart(4, '0')}`, { ...body, at: Timestamp.fromMillis(START + index * MINUTE) }];
}

async function seed(teamId: string, events: readonly Seeded[]): Promise<void> {
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (let start = 0; start < events.length; start += 400) {
      const batch = writeBatch(db);
      for (const [id, data] of events.slice(start, start + 400)) batch.set(doc(db, 'teams', teamId, 'events', id), data);
      await batch.commit();
    }
  });
}

async function repositoryAs(uid: string): Promise<AuditLogRepository> {
  return createFirestoreAuditLogRepository(await liteFirestoreAs(env(), uid));
}

/** Every page of `query`, each checked to be at most a page long. */
async function allPages(repository: AuditLogRepository, query: AuditLogQuery): Promise<LogEntry[][]> {
  const pages: LogEntry[][] = [];
  let page = await repository.page(query, null);
  pages.push([...page.entries]);
  while (page.next !== null) {
    page = await repository.page(query, page.next);
    pages.push([...page.entries]);
  }
  for (const read of pages) expect(read.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
  return pages;
}

const ids = (entries: readonly LogEntry[]) => entries.map((entry) => entry.id);
const newestFirst = (count: number, keep: (index: number) => boolean = () => true) =>
  Array.from({ length: count }, (_, index) => count - 1 - index).filter(keep).map((index) => eventAt(index)[0]);

// Odd, so the newest (the last index) is one of ana's entry edits.
const COUNT = AUDIT_PAGE_SIZE * 2 + 7;

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    const batch = writeBatch(db);
    batch.set(doc(db, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner', adam: 'admin', bob: 'full', vic: 'view' }));
    batch.set(doc(db, 'teams', OTHER_TEAM), sampleTeam('eve', 'Other', { eve: 'owner', ana: 'view' }));
    await batch.commit();
  });
  await seed(TEAM, Array.from({ length: COUNT }, (_, index) => eventAt(index)));
  await seed(OTHER_TEAM, [eventAt(5000, OTHER_TEAM)]);
});

describe('reading a team’s activity log', () => {
  it('pages newest first with a cursor, a page at a time, every event once, at epoch ms', async () => {
    const repository = await repositoryAs('ana');
    const first = await repository.page({ teamId: TEAM }, null);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const [newest] = first.entries;
    expect(newest).toEqual({
      id: eventAt(COUNT - 1)[0],
      teamId: TEAM,
      actor: { uid: 'ana', email: 'ana@example.com' },
      kind: 'entry.edited',
      entryId: `entry-${String(COUNT - 1)}`,
      parts: ['password'],
      at: START + (COUNT - 1) * MINUTE,
    });
    const pages = await allPages(repository, { teamId: TEAM });
    expect(pages.map((page) => page.length)).toEqual([AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, 7]);
    expect(ids(pages.flat())).toEqual(newestFirst(COUNT));
  });

  it('events of the same time are neither skipped nor listed twice across pages', async () => {
    await env().clearFirestore();
    await env().withSecurityRulesDisabled(async (context) => {
      await writeBatch(context.firestore() as unknown as Firestore)
        .set(doc(context.firestore() as unknown as Firestore, 'teams', TEAM), sampleTeam('ana', 'Ops', { ana: 'owner' }))
        .commit();
    });
    const sameTime = Array.from({ length: AUDIT_PAGE_SIZE + 3 }, (_, index): Seeded => [`same-${String(index).padStart(3, '0')}`, { ...eventAt(0)[1] }]);
    await seed(TEAM, sameTime);
    const pages = await allPages(await repositoryAs('ana'), { teamId: TEAM });
    expect(ids(pages.flat())).toEqual(sameTime.map(([id]) => id).reverse());
  });

  it('filters by member, by one kind, by a category of kinds and by date, each paged newest first', async () => {
    const repository = await repositoryAs('adam');
    expect(ids((await allPages(repository, { teamId: TEAM, actorUid: 'ana' })).flat())).toEqual(newestFirst(COUNT, (index) => index % 2 === 0));
    expect(ids((await allPages(repository, { teamId: TEAM, kinds: ['invitation.sent'] })).flat())).toEqual(newestFirst(COUNT, (index) => index % 2 === 1));
    expect(ids((await allPages(repository, { teamId: TEAM, kinds: ['entry.created', 'entry.edited', 'entry.moved', 'entry.deleted'] })).flat())).toEqual(
      newestFirst(COUNT, (index) => index % 2 === 0),
    );
    expect(ids((await allPages(repository, { teamId: TEAM, actorUid: 'ana', kinds: ['invitation.sent'] })).flat())).toEqual([]);
    // From is inclusive, to is not: events 10 to 19.
    const byDate = await allPages(repository, { teamId: TEAM, from: START + 10 * MINUTE, to: START + 20 * MINUTE });
    expect(ids(byDate.flat())).toEqual(newestFirst(COUNT, (index) => index >= 10 && index < 20));
    const everything = await allPages(repository, { teamId: TEAM, actorUid: 'adam', kinds: ['invitation.sent', 'member.added'], from: START, to: START + 10 * MINUTE });
    expect(ids(everything.flat())).toEqual(newestFirst(COUNT, (index) => index % 2 === 1 && index < 10));
  });

  it('a malformed event is listed as such, not a failure of its page; another team’s event filed here is malformed', async () => {
    await seed(TEAM, [
      ['broken', { kind: 'entry.edited', teamId: TEAM, actor: { uid: 'ana', email: 'ana@example.com' }, at: Timestamp.fromMillis(START + 9_000 * MINUTE) }],
      ['elsewhere', { ...eventAt(4)[1], teamId: OTHER_TEAM, at: Timestamp.fromMillis(START + 8_000 * MINUTE) }],
      ['no-time', { ...eventAt(2)[1], at: 12 }],
    ]);
    const { entries } = await (await repositoryAs('ana')).page({ teamId: TEAM }, null);
    const [broken, elsewhere] = entries;
    expect(broken).toEqual({ id: 'broken', malformed: 'field "entryId" is missing or has the wrong type', at: START + 9_000 * MINUTE });
    expect(elsewhere).toMatchObject({ id: 'elsewhere', malformed: 'field "teamId" is missing or has the wrong type' });
    expect(entries.filter((entry) => !isMalformed(entry))).toHaveLength(AUDIT_PAGE_SIZE - 2);
  });

  it('a full or view member’s read is refused, and so is an owner’s read of a team where they only view', async () => {
    for (const uid of ['bob', 'vic']) await assertFails((await repositoryAs(uid)).page({ teamId: TEAM }, null));
    await assertFails((await repositoryAs('ana')).page({ teamId: OTHER_TEAM }, null));
    expect((await (await repositoryAs('eve')).page({ teamId: OTHER_TEAM }, null)).entries).toHaveLength(1);
  });

  it('lists the teams a user deleted (their logs kept), newest first, and refuses another user’s list', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      const batch = writeBatch(db);
      batch.set(doc(db, 'teamLogs', 'gone-1'), { teamId: 'gone-1', ownerUid: 'ana', teamName: 'Old Ops', deletedAt: Timestamp.fromMillis(START) });
      batch.set(doc(db, 'teamLogs', 'gone-2'), { teamId: 'gone-2', ownerUid: 'ana', teamName: 'Older', deletedAt: Timestamp.fromMillis(START - MINUTE) });
      batch.set(doc(db, 'teamLogs', 'gone-3'), { teamId: 'gone-3', ownerUid: 'bob', teamName: 'Bob’s', deletedAt: Timestamp.fromMillis(START) });
      await batch.commit();
    });
    expect(await (await repositoryAs('ana')).deletedTeams('ana')).toEqual([
      { teamId: 'gone-1', teamName: 'Old Ops', deletedAt: START },
      { teamId: 'gone-2', teamName: 'Older', deletedAt: START - MINUTE },
    ]);
    await assertFails((await repositoryAs('ana')).deletedTeams('bob'));
  });
});
