import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_KINDS, entrySaveEvent, namingSealedChanges, writeEventId, type EntryValues } from '../../../src/domain/auditEvents';

const values: EntryValues = { title: 'Prod DB', url: null, username: 'admin', password: 'one', notes: null, otp: null, groupId: null };

describe('audit events (issue #24)', () => {
  it('names every kind the issue lists, once', () => {
    expect(new Set(AUDIT_EVENT_KINDS).size).toBe(AUDIT_EVENT_KINDS.length);
    expect(AUDIT_EVENT_KINDS).toHaveLength(23);
  });

  it('an entry or group write’s event id comes from the revision it writes, or the deletion', () => {
    expect(writeEventId('entry', 'abc', 1)).toBe('entry-abc-r1');
    expect(writeEventId('entry', 'abc', 12)).toBe('entry-abc-r12');
    expect(writeEventId('group', 'g1', 'deleted')).toBe('group-g1-deleted');
    expect(() => writeEventId('entry', 'a/b', 1)).toThrow();
    expect(() => writeEventId('entry', 'abc', 0)).toThrow();
    expect(() => writeEventId('entry', '', 1)).toThrow();
  });

  it('records which parts an edit changed, never a value', () => {
    expect(entrySaveEvent('e1', null, values)).toEqual({ kind: 'entry.created', entryId: 'e1' });
    const edited = entrySaveEvent('e1', values, { ...values, title: 'Production DB', password: 'two', otp: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' });
    expect(edited).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['overview', 'password', 'details'] });
    expect(JSON.stringify(edited)).not.toMatch(/Production|two|otpauth/);
    expect(entrySaveEvent('e1', values, { ...values, notes: 'new' })).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['notes'] });
    expect(entrySaveEvent('e1', values, values)).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: [] });
  });

  it('a change of group alone is a move; with other changes, an edit', () => {
    expect(entrySaveEvent('e1', values, { ...values, groupId: 'g2' })).toEqual({ kind: 'entry.moved', entryId: 'e1', fromGroupId: null, toGroupId: 'g2' });
    expect(entrySaveEvent('e1', { ...values, groupId: 'g2' }, { ...values, groupId: null, password: 'x' })).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['password'] });
  });
});

describe('an edit’s event names every sealed part it writes anew (issue #41)', () => {
  it('a one-time code added or removed changes the overview too (it says whether there is one)', () => {
    const code = 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP';
    expect(entrySaveEvent('e1', values, { ...values, otp: code })).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['overview', 'details'] });
    expect(entrySaveEvent('e1', { ...values, otp: code }, { ...values, otp: `${code}0` })).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['details'] });
  });

  it('adds a part written anew that the values did not name; a move that changes a part becomes an edit', () => {
    const edited = entrySaveEvent('e1', values, { ...values, password: 'two' });
    expect(namingSealedChanges(edited, { overview: false, details: true })).toBe(edited);
    expect(namingSealedChanges(edited, { overview: true, details: true })).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['password', 'overview'] });
    const same = entrySaveEvent('e1', values, values);
    expect(namingSealedChanges(same, { overview: false, details: true })).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['details'] });
    const moved = entrySaveEvent('e1', values, { ...values, groupId: 'g2' });
    expect(namingSealedChanges(moved, { overview: false, details: false })).toBe(moved);
    expect(namingSealedChanges(moved, { overview: false, details: true })).toEqual({ kind: 'entry.edited', entryId: 'e1', parts: ['details'] });
    const created = entrySaveEvent('e1', null, values);
    expect(namingSealedChanges(created, { overview: true, details: true })).toBe(created);
  });
});
