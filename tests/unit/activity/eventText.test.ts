import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_KINDS, SYSTEM_ACTOR, type AuditEventBody } from '../../../src/domain/auditEvents';
import type { LoggedEvent } from '../../../src/data/audit/auditLog';
import { CATEGORY_KINDS } from '../../../src/features/activity/activityKinds';
import { actorText, eventSentence, type VaultNames } from '../../../src/features/activity/eventText';

const ANA = { uid: 'ana-uid', email: 'ana@example.com' };
const logged = (body: AuditEventBody, actor = ANA): LoggedEvent => ({ ...body, teamId: 'team-1', actor, id: 'event-1', at: 0 });

/** The viewer holds entry-1 ("Prod DB") and group-1 ("Servers") decrypted; nothing else. */
const names: VaultNames = {
  entryTitle: (id) => (id === 'entry-1' ? 'Prod DB' : null),
  groupName: (id) => (id === 'group-1' ? 'Servers' : null),
};

/** One event of every kind, with what the viewer reads (with its names, and in the CSV without). */
const SENTENCES: readonly [AuditEventBody, string, string][] = [
  [{ kind: 'entry.created', entryId: 'entry-1' }, 'created “Prod DB”', 'created an entry'],
  [{ kind: 'entry.edited', entryId: 'entry-1', parts: ['password', 'notes'] }, 'changed the password and notes of “Prod DB”', 'changed the password and notes of an entry'],
  [
    { kind: 'entry.edited', entryId: 'entry-9', parts: ['overview', 'password', 'details'] },
    'changed the title, address or username, password and other details of an entry no longer in the vault',
    'changed the title, address or username, password and other details of an entry',
  ],
  [{ kind: 'entry.edited', entryId: 'entry-1', parts: [] }, 'saved “Prod DB” without changes', 'saved an entry without changes'],
  [{ kind: 'entry.moved', entryId: 'entry-1', fromGroupId: null, toGroupId: 'group-1' }, 'moved “Prod DB” from no group to the group “Servers”', 'moved an entry from no group to a group'],
  [{ kind: 'entry.moved', entryId: 'entry-1', fromGroupId: 'group-9', toGroupId: null }, 'moved “Prod DB” from a group no longer in the vault to no group', 'moved an entry from a group to no group'],
  [{ kind: 'entry.deleted', entryId: 'entry-9' }, 'deleted an entry no longer in the vault', 'deleted an entry'],
  [{ kind: 'group.created', groupId: 'group-1' }, 'created the group “Servers”', 'created a group'],
  [{ kind: 'group.edited', groupId: 'group-1' }, 'changed the group “Servers”', 'changed a group'],
  [{ kind: 'group.deleted', groupId: 'group-9' }, 'deleted a group no longer in the vault', 'deleted a group'],
  [{ kind: 'invitation.sent', invitationId: 'inv-1', email: 'bob@x.com' }, 'invited bob@x.com', 'invited bob@x.com'],
  [{ kind: 'invitation.cancelled', invitationId: 'inv-1', email: 'bob@x.com' }, 'cancelled the invitation of bob@x.com', 'cancelled the invitation of bob@x.com'],
  [{ kind: 'invitation.accepted', invitationId: 'inv-1', email: 'bob@x.com' }, 'accepted the invitation sent to bob@x.com', 'accepted the invitation sent to bob@x.com'],
  [{ kind: 'invitation.declined', invitationId: 'inv-1', email: 'bob@x.com' }, 'declined the invitation sent to bob@x.com', 'declined the invitation sent to bob@x.com'],
  [{ kind: 'invitation.expired', invitationId: 'inv-1', email: 'bob@x.com' }, 'expired the invitation of bob@x.com', 'expired the invitation of bob@x.com'],
  [{ kind: 'member.added', memberUid: 'bob', memberEmail: 'bob@x.com' }, 'added bob@x.com', 'added bob@x.com'],
  [
    { kind: 'member.roleChanged', memberUid: 'bob', memberEmail: 'bob@x.com', from: 'view', to: 'full' },
    'changed bob@x.com’s role from View Only to Full Access',
    'changed bob@x.com’s role from View Only to Full Access',
  ],
  [{ kind: 'member.removed', memberUid: 'bob', memberEmail: 'bob@x.com' }, 'removed bob@x.com', 'removed bob@x.com'],
  [{ kind: 'member.left', memberUid: 'ana-uid', memberEmail: 'ana@example.com' }, 'left the team', 'left the team'],
  [{ kind: 'member.keyGranted', memberUid: 'bob', memberEmail: '' }, 'granted a member without an address access to the team key', 'granted a member without an address access to the team key'],
  [{ kind: 'rotation.started', keyVersion: 3 }, 'started a rotation of the team key to version 3', 'started a rotation of the team key to version 3'],
  [{ kind: 'rotation.finished', keyVersion: 3 }, 'finished the rotation of the team key to version 3', 'finished the rotation of the team key to version 3'],
  [{ kind: 'team.created' }, 'created the team', 'created the team'],
  [{ kind: 'team.renamed' }, 'renamed the team', 'renamed the team'],
  [{ kind: 'team.descriptionChanged' }, 'changed the team’s description', 'changed the team’s description'],
  [{ kind: 'team.deleted' }, 'deleted the team', 'deleted the team'],
];

describe('what a row of the activity log says', () => {
  it.each(SENTENCES)('%o reads “%s” to the viewer and “%s” in the CSV', (body, viewed, exported) => {
    expect(eventSentence(logged(body), names)).toBe(viewed);
    expect(eventSentence(logged(body), null)).toBe(exported);
  });

  it('has a sentence for every kind, and every kind is in exactly one filter category', () => {
    expect(new Set(SENTENCES.map(([body]) => body.kind))).toEqual(new Set(AUDIT_EVENT_KINDS));
    const categorised = Object.values(CATEGORY_KINDS).flat();
    expect([...categorised].sort()).toEqual([...AUDIT_EVENT_KINDS].sort());
  });

  it('names a title only through the viewer’s names, never from the event', () => {
    const held: VaultNames = { entryTitle: () => null, groupName: () => null };
    expect(eventSentence(logged({ kind: 'entry.created', entryId: 'entry-1' }), held)).toBe('created an entry no longer in the vault');
  });

  it('the actor is their address at the time; the system is Keyloft', () => {
    expect(actorText(logged({ kind: 'team.created' }))).toBe('ana@example.com');
    expect(actorText(logged({ kind: 'invitation.expired', invitationId: 'inv-1', email: 'bob@x.com' }, SYSTEM_ACTOR))).toBe('Keyloft');
    expect(actorText(logged({ kind: 'team.renamed' }, { uid: 'carl', email: '' }))).toBe('a member without an address');
  });
});
