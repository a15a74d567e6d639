import { describe, expect, it } from 'vitest';
import { MIGRATION_BATCH_SIZE, planMigration, type StoredForMigration } from '../../../src/features/vault/migration/planMigration';

const old = (id: string, keyVersion: number | null = null): StoredForMigration => ({ id, format: undefined, keyVersion });
const sealed = (id: string, keyVersion: number | null = null): StoredForMigration => ({ id, format: 2, keyVersion });
const team = (role: 'owner' | 'admin' | 'full' | 'view' | 'none', rotationPending = false) => ({ kind: 'team', role, keyVersion: 3, rotationPending }) as const;

describe('planMigration (issue #18 item 4)', () => {
  it('a personal vault: every old-format document, in batches, none of the sealed ones', () => {
    const documents = [...Array.from({ length: 250 }, (_, index) => old(`e${index}`)), sealed('s1'), { id: 'f1', format: 1, keyVersion: null }];
    const plan = planMigration({ kind: 'personal' }, documents);
    expect(plan.kind).toBe('migrate');
    if (plan.kind !== 'migrate') return;
    expect(plan.total).toBe(251);
    expect(plan.batches.map((batch) => batch.length)).toEqual([MIGRATION_BATCH_SIZE, MIGRATION_BATCH_SIZE, 51]);
    expect(plan.batches.flat()).not.toContain('s1');
    expect(plan.batches.flat()).toContain('f1');
  });

  it('resumes: planned again after some batches were written, only what is left comes back', () => {
    const before = Array.from({ length: 7 }, (_, index) => old(`e${index}`));
    const first = planMigration({ kind: 'personal' }, before, 3);
    expect(first).toEqual({ kind: 'migrate', total: 7, batches: [['e0', 'e1', 'e2'], ['e3', 'e4', 'e5'], ['e6']] });
    // Interrupted after the first batch and one entry of the second.
    const after = before.map((document) => (['e0', 'e1', 'e2', 'e3'].includes(document.id) ? sealed(document.id) : document));
    expect(planMigration({ kind: 'personal' }, after, 3)).toEqual({ kind: 'migrate', total: 3, batches: [['e4', 'e5', 'e6']] });
    expect(planMigration({ kind: 'personal' }, before.map((document) => sealed(document.id)), 3)).toEqual({ kind: 'done' });
  });

  it('a team: owners, admins and Full Access members migrate; View Only members and non-members do not', () => {
    const documents = [old('t1', 3), old('t2', 3)];
    for (const role of ['owner', 'admin', 'full'] as const) expect(planMigration(team(role), documents).kind).toBe('migrate');
    for (const role of ['view', 'none'] as const) expect(planMigration(team(role), documents)).toEqual({ kind: 'not-mine' });
    // Nothing left is done for anyone, whatever their role.
    expect(planMigration(team('view'), [sealed('t1', 3)])).toEqual({ kind: 'done' });
  });

  it('a team whose key is being rotated waits; an entry still below the key version is left to the rotation', () => {
    expect(planMigration(team('owner', true), [old('t1', 3)])).toEqual({ kind: 'wait-for-rotation' });
    expect(planMigration(team('owner'), [old('behind', 2), old('current', 3), old('group', null)])).toEqual({
      kind: 'migrate',
      total: 2,
      batches: [['current', 'group']],
    });
    expect(planMigration(team('owner'), [old('behind', 2), sealed('t2', 3)])).toEqual({ kind: 'wait-for-rotation' });
  });

  it('refuses a batch size that would never finish', () => {
    expect(() => planMigration({ kind: 'personal' }, [old('e1')], 0)).toThrow(RangeError);
  });
});
