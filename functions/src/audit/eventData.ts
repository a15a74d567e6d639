import type { AuditActor, AuditEvent, AuditEventBody, AuditEventKind } from '@keyloft/contract/auditEvents';
import type { Caller } from '../lib/callable';

// What a callable stores as an event (docs/audit-log.md): exactly the fields of its kind in
// AuditEvent, and `at`. Built field by field from a table, so that a body carrying anything more
// (a spread member record, a sealed value) cannot put it in the log. Pure.

type BodyField = 'entryId' | 'parts' | 'fromGroupId' | 'toGroupId' | 'groupId' | 'invitationId' | 'email' | 'memberUid' | 'memberEmail' | 'from' | 'to' | 'keyVersion';

const INVITATION: readonly BodyField[] = ['invitationId', 'email'];
const MEMBER: readonly BodyField[] = ['memberUid', 'memberEmail'];
const ROTATION: readonly BodyField[] = ['keyVersion'];

/** The fields each kind names besides kind, teamId, actor and at. */
export const BODY_FIELDS: Readonly<Record<AuditEventKind, readonly BodyField[]>> = {
  'invitation.sent': INVITATION,
  'invitation.cancelled': INVITATION,
  'invitation.accepted': INVITATION,
  'invitation.declined': INVITATION,
  'invitation.expired': INVITATION,
  'member.added': MEMBER,
  'member.roleChanged': [...MEMBER, 'from', 'to'],
  'member.removed': MEMBER,
  'member.left': MEMBER,
  'member.keyGranted': MEMBER,
  'rotation.started': ROTATION,
  'rotation.finished': ROTATION,
  'team.created': [],
  'team.renamed': [],
  'team.descriptionChanged': [],
  'team.deleted': [],
  'entry.created': ['entryId'],
  'entry.edited': ['entryId', 'parts'],
  'entry.moved': ['entryId', 'fromGroupId', 'toGroupId'],
  'entry.deleted': ['entryId'],
  'group.created': ['groupId'],
  'group.edited': ['groupId'],
  'group.deleted': ['groupId'],
};

/** The event's document: its kind's fields (each required) and `at`, the server's time of the write. */
export function auditEventData(event: AuditEvent, at: unknown): Record<string, unknown> {
  const source = event as unknown as Readonly<Record<string, unknown>>;
  const data: Record<string, unknown> = { kind: event.kind, teamId: event.teamId, actor: { uid: event.actor.uid, email: event.actor.email } };
  for (const field of BODY_FIELDS[event.kind]) {
    if (source[field] === undefined) throw new Error(`A ${event.kind} event needs ${field}`);
    data[field] = source[field];
  }
  data.at = at;
  return data;
}

/** The caller as an event names them: uid and the address in their token now ('' for an account without one). */
export function actorOf(caller: Pick<Caller, 'uid' | 'email'>): AuditActor {
  return { uid: caller.uid, email: caller.email ?? '' };
}

/** A member as an event names them: uid and the address the team's record holds ('' for an account without one). */
export function memberEvent(
  kind: 'member.added' | 'member.removed' | 'member.left' | 'member.keyGranted',
  memberUid: string,
  member: { readonly email: string | null },
): AuditEventBody {
  return { kind, memberUid, memberEmail: member.email ?? '' };
}

/** An invitation as an event names it: its id and the invited address, never its key or link. */
export function invitationEvent(
  kind: 'invitation.sent' | 'invitation.cancelled' | 'invitation.accepted' | 'invitation.declined' | 'invitation.expired',
  inviteId: string,
  invitation: { readonly email: string },
): AuditEventBody {
  return { kind, invitationId: inviteId, email: invitation.email };
}

/**
 * `teamLogs/{teamId}` once the team is gone (docs/audit-log.md, "A deleted team's log"): who may
 * still read its events, and since when (the retention counts from there).
 */
export function teamLogData<At>(
  teamId: string,
  ownerUid: string,
  teamName: string,
  deletedAt: At,
): { teamId: string; ownerUid: string; teamName: string; deletedAt: At } {
  return { teamId, ownerUid, teamName, deletedAt };
}
