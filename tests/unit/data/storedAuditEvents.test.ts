import { describe, expect, it, vi } from 'vitest';
import { auditEventFrom } from '../../../src/data/audit/storedAuditEvents';

// A stored event as the viewer's repository reads it (src/data/audit/storedAuditEvents.ts).

const at = { toMillis: () => 1_700_000_000_000 };
const stored = (fields: Record<string, unknown>) => ({ teamId: 't', actor: { uid: 'ana', email: 'ana@x.com' }, at, ...fields });
const read = (fields: Record<string, unknown>) => auditEventFrom('teams/t/events/e', 't', 'e', stored(fields));

describe('reading a stored event', () => {
  it('reads each shape, with `at` in epoch ms, and leaves out any field an event does not have', () => {
    expect(read({ kind: 'entry.edited', entryId: 'x', parts: ['notes'], title: 'Prod DB' })).toEqual({
      id: 'e',
      teamId: 't',
      actor: { uid: 'ana', email: 'ana@x.com' },
      kind: 'entry.edited',
      entryId: 'x',
      parts: ['notes'],
      at: 1_700_000_000_000,
    });
    expect(read({ kind: 'member.roleChanged', memberUid: 'bo', memberEmail: 'bo@x.com', from: 'view', to: 'admin' })).toMatchObject({ from: 'view', to: 'admin' });
    expect(read({ kind: 'entry.moved', entryId: 'x', fromGroupId: null, toGroupId: 'g' })).toMatchObject({ fromGroupId: null, toGroupId: 'g' });
    expect(read({ kind: 'team.created' })).toMatchObject({ kind: 'team.created' });
  });

  it('lists a document of the wrong shape as malformed, naming the field, instead of throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(read({ kind: 'member.roleChanged', memberUid: 'bo', memberEmail: 'bo@x.com', from: 'view', to: 'boss' })).toEqual({
      id: 'e',
      malformed: 'field "to" is missing or has the wrong type',
      at: 1_700_000_000_000,
    });
    expect(read({ kind: 'entry.teleported', entryId: 'x' })).toMatchObject({ malformed: 'field "kind" is missing or has the wrong type' });
    expect(read({ kind: 'entry.created', entryId: 'x', at: 5 })).toEqual({ id: 'e', malformed: 'field "at" is missing or has the wrong type', at: null });
    expect(read({ kind: 'entry.created', entryId: 'x', teamId: 'other' })).toMatchObject({ malformed: 'field "teamId" is missing or has the wrong type' });
    expect(auditEventFrom('p', 't', 'e', null)).toEqual({ id: 'e', malformed: 'field "at" is missing or has the wrong type', at: null });
    expect(warn).toHaveBeenCalledTimes(5);
    warn.mockRestore();
  });
});
