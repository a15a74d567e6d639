import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_KINDS, SYSTEM_ACTOR, type AuditEvent } from '@keyloft/contract/auditEvents';
import { BODY_FIELDS, actorOf, auditEventData, invitationEvent, memberEvent, teamLogData } from '../../src/audit/eventData';

// The stored shape of a callable's event (docs/audit-log.md): exactly its kind's fields and `at`.

const AT = { serverTimestamp: true };
const owner = { uid: 'owner', email: 'owner@example.com' };

describe('auditEventData', () => {
  it('stores kind, teamId, actor, the kind’s fields and at; nothing else', () => {
    const event: AuditEvent = { kind: 'member.roleChanged', teamId: 'T1', actor: owner, memberUid: 'bo', memberEmail: 'bo@example.com', from: 'view', to: 'full' };
    expect(auditEventData(event, AT)).toEqual({ ...event, at: AT });
    expect(auditEventData({ kind: 'team.created', teamId: 'T1', actor: owner }, AT)).toEqual({ kind: 'team.created', teamId: 'T1', actor: owner, at: AT });
    expect(auditEventData({ kind: 'invitation.expired', teamId: 'T1', actor: SYSTEM_ACTOR, invitationId: 'I1', email: 'bo@example.com' }, AT)).toEqual({
      kind: 'invitation.expired',
      teamId: 'T1',
      actor: { uid: 'system', email: '' },
      invitationId: 'I1',
      email: 'bo@example.com',
      at: AT,
    });
  });

  it('leaves out whatever else the event object carries (a member record, a key, an actor’s extra claims)', () => {
    const stray = {
      kind: 'member.keyGranted',
      teamId: 'T1',
      actor: { ...owner, token: 'secret-token' },
      memberUid: 'bo',
      memberEmail: 'bo@example.com',
      encryptedTeamKey: 'wrapped-key',
      title: 'Prod DB',
    } as unknown as AuditEvent;
    expect(auditEventData(stray, AT)).toEqual({ kind: 'member.keyGranted', teamId: 'T1', actor: owner, memberUid: 'bo', memberEmail: 'bo@example.com', at: AT });
  });

  it('refuses an event missing one of its kind’s fields', () => {
    const partial = { kind: 'rotation.started', teamId: 'T1', actor: owner } as unknown as AuditEvent;
    expect(() => auditEventData(partial, AT)).toThrow('A rotation.started event needs keyVersion');
  });

  it('knows the fields of every kind', () => {
    expect(Object.keys(BODY_FIELDS).sort()).toEqual([...AUDIT_EVENT_KINDS].sort());
  });
});

describe('the names an event gives', () => {
  it('the caller: uid and the token’s address, or an empty one', () => {
    expect(actorOf({ uid: 'u1', email: 'a@example.com' })).toEqual({ uid: 'u1', email: 'a@example.com' });
    expect(actorOf({ uid: 'u1', email: null })).toEqual({ uid: 'u1', email: '' });
  });

  it('a member and an invitation: ids and addresses only', () => {
    expect(memberEvent('member.added', 'bo', { email: 'bo@example.com' })).toEqual({ kind: 'member.added', memberUid: 'bo', memberEmail: 'bo@example.com' });
    expect(memberEvent('member.left', 'bo', { email: null })).toEqual({ kind: 'member.left', memberUid: 'bo', memberEmail: '' });
    expect(invitationEvent('invitation.sent', 'I1', { email: 'new@example.com' })).toEqual({ kind: 'invitation.sent', invitationId: 'I1', email: 'new@example.com' });
  });

  it('a deleted team’s log: the team, its former owner and when', () => {
    expect(teamLogData('T1', 'owner', 'Ops', AT)).toEqual({ teamId: 'T1', ownerUid: 'owner', teamName: 'Ops', deletedAt: AT });
  });
});
