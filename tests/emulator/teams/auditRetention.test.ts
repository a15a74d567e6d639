import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { pruneAuditLog } from '../../../functions/src/audit/pruneAuditLog';
import { db, newTeamId, teamEventsRef } from './support';

// Retention (docs/audit-log.md, "Retention and cost"): the hourly run deletes the events older than
// 365 days, across every team, in bounded batches, and keeps the recent ones; a deleted team's
// teamLogs document goes once it is past the same age and its events are gone. Run here with
// firebase-admin against the emulator, as the scheduler would run it.

const DAY = 86_400_000;
const ago = (days: number) => Timestamp.fromMillis(Date.now() - days * DAY);

async function seedEvents(teamId: string, ages: readonly number[]): Promise<void> {
  const batch = db().batch();
  ages.forEach((days, index) =>
    batch.set(teamEventsRef(teamId).doc(`e${String(index)}`), { kind: 'team.created', teamId, actor: { uid: 'u', email: '' }, at: ago(days) }),
  );
  await batch.commit();
}

const ids = async (teamId: string) => (await teamEventsRef(teamId).get()).docs.map((doc) => doc.id).sort();

describe('pruneAuditLog', () => {
  it('removes events past 365 days in every team, in batches, and keeps the rest and other collections named events', async () => {
    const [busy, quiet] = [newTeamId(), newTeamId()];
    // busy: seven old events (three batches of three) and two recent; quiet: one just past, one just inside.
    await seedEvents(busy, [400, 500, 366, 370, 1000, 380, 390, 10, 1]);
    await seedEvents(quiet, [365.01, 364.9]);
    const stranger = db().collection('users').doc(`retention-${busy}`).collection('events').doc('old');
    await stranger.set({ at: ago(800) });

    const result = await pruneAuditLog({ db, now: Date.now }, { batchSize: 3 });
    expect(result.events).toBeGreaterThanOrEqual(8);
    expect(await ids(busy)).toEqual(['e7', 'e8']);
    expect(await ids(quiet)).toEqual(['e1']);
    expect((await stranger.get()).exists).toBe(true);
    // Nothing left to remove: a second run changes nothing of these.
    await pruneAuditLog({ db, now: Date.now }, { batchSize: 3 });
    expect(await ids(busy)).toEqual(['e7', 'e8']);
  });

  it('stops after its batches for the run; the next run takes the rest', async () => {
    const teamId = newTeamId();
    // e0 is older than anything else in the emulator: the first page of two holds it and one more
    // (e4, or an older document retention skips, like the other test's users/…/events).
    await seedEvents(teamId, [20_000, 401, 402, 403, 404]);
    await pruneAuditLog({ db, now: Date.now }, { batchSize: 2, batchesPerRun: 1 });
    const afterOne = await ids(teamId);
    expect(afterOne).not.toContain('e0');
    expect(afterOne).toEqual(expect.arrayContaining(['e1', 'e2', 'e3']));
    await pruneAuditLog({ db, now: Date.now }, { batchSize: 2 });
    expect(await ids(teamId)).toEqual([]);
  });

  it('removes a deleted team’s teamLogs document past the retention once its events are gone, and keeps a recent one', async () => {
    const [old, recent, stillLogged] = [newTeamId(), newTeamId(), newTeamId()];
    const logs = db().collection('teamLogs');
    await logs.doc(old).set({ teamId: old, ownerUid: 'u', deletedAt: ago(400) });
    await logs.doc(recent).set({ teamId: recent, ownerUid: 'u', deletedAt: ago(30) });
    await logs.doc(stillLogged).set({ teamId: stillLogged, ownerUid: 'u', deletedAt: ago(400) });
    await seedEvents(old, [420, 401]);
    await seedEvents(recent, [40, 31]);
    // An event younger than the retention keeps its log readable, whatever the log's age.
    await seedEvents(stillLogged, [2]);

    await pruneAuditLog({ db, now: Date.now });
    expect(await ids(old)).toEqual([]);
    expect((await logs.doc(old).get()).exists).toBe(false);
    expect(await ids(recent)).toEqual(['e0', 'e1']);
    expect((await logs.doc(recent).get()).exists).toBe(true);
    expect((await logs.doc(stillLogged).get()).exists).toBe(true);
  });
});
