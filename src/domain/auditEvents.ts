// A team's activity log (issue #24): the events, their shapes and what each change records. Shared
// by the browser (entry and group writes, whose batch must carry their event: the rules check it),
// the callables (membership, keys, the team itself) and the rules tests. Pure: no I/O.
//
// An event names who (uid, and the email at the time), what, when (server time) and on which entry,
// group or member, never a value: no title, username, password, note or other sealed field. An
// entry or group is named by its id; the viewer shows its title only to a member who can open it.

import type { TeamRole } from './teamPermissions';

export const AUDIT_EVENT_KINDS = [
  'invitation.sent',
  'invitation.cancelled',
  'invitation.accepted',
  'invitation.declined',
  'invitation.expired',
  'member.added',
  'member.roleChanged',
  'member.removed',
  'member.left',
  'member.keyGranted',
  'rotation.started',
  'rotation.finished',
  'team.created',
  'team.renamed',
  'team.descriptionChanged',
  'team.deleted',
  'entry.created',
  'entry.edited',
  'entry.moved',
  'entry.deleted',
  'group.created',
  'group.edited',
  'group.deleted',
] as const;

export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** What of an entry an edit changed; which, never how. 'details' is anything else in the sealed details (the one-time code). */
export type EntryPart = 'overview' | 'password' | 'notes' | 'details';

export interface AuditActor {
  readonly uid: string;
  /** The address at the time of the event: the log keeps it when the account changes or goes. */
  readonly email: string;
}

/**
 * The actor of an event no person made: an invitation that expired (the hourly function). Not a
 * Firebase uid (those are 28 characters), so it never names a member.
 */
export const SYSTEM_ACTOR: AuditActor = Object.freeze({ uid: 'system', email: '' });

/** Where a team's events live: `teams/{teamId}/events/{eventId}`. */
export const AUDIT_EVENTS_COLLECTION = 'events';
/** After a team is deleted, `teamLogs/{teamId}` names its former owner, who may still read its events. */
export const TEAM_LOGS_COLLECTION = 'teamLogs';
/** Events older than this are removed by the scheduled retention function. */
export const AUDIT_RETENTION_DAYS = 365;
/** The viewer reads one page of this many events at a time (the issue's bound: ≤ 50 reads). */
export const AUDIT_PAGE_SIZE = 50;

interface EventBase {
  readonly teamId: string;
  readonly actor: AuditActor;
}

export type AuditEventBody =
  | { readonly kind: 'entry.created' | 'entry.deleted'; readonly entryId: string }
  | { readonly kind: 'entry.edited'; readonly entryId: string; readonly parts: readonly EntryPart[] }
  | { readonly kind: 'entry.moved'; readonly entryId: string; readonly fromGroupId: string | null; readonly toGroupId: string | null }
  | { readonly kind: 'group.created' | 'group.edited' | 'group.deleted'; readonly groupId: string }
  | { readonly kind: 'invitation.sent' | 'invitation.cancelled' | 'invitation.accepted' | 'invitation.declined' | 'invitation.expired'; readonly invitationId: string; readonly email: string }
  | { readonly kind: 'member.added' | 'member.removed' | 'member.left' | 'member.keyGranted'; readonly memberUid: string; readonly memberEmail: string }
  | { readonly kind: 'member.roleChanged'; readonly memberUid: string; readonly memberEmail: string; readonly from: TeamRole; readonly to: TeamRole }
  | { readonly kind: 'rotation.started' | 'rotation.finished'; readonly keyVersion: number }
  | { readonly kind: 'team.created' | 'team.renamed' | 'team.descriptionChanged' | 'team.deleted' };

/** An event of a team entry's write (a browser's, in the write's own batch). */
export type EntryEventBody = Extract<AuditEventBody, { readonly entryId: string }>;
/** An event of a team group's write. */
export type GroupEventBody = Extract<AuditEventBody, { readonly groupId: string }>;

/**
 * An event as stored: these fields and `at`, the server's time of the write (a Firestore
 * Timestamp: `request.time` for a browser's write, the commit time for a callable's). Nothing else.
 */
export type AuditEvent = EventBase & AuditEventBody;

/**
 * The id of the event an entry or group write carries in its batch: derived from what the write
 * already holds, so the rules can require exactly that event (existsAfter) and two saves never
 * contend on one document. A create or an edit is named by the revision it writes, a delete by
 * the entry alone (an entry is deleted once).
 */
export function writeEventId(kind: 'entry' | 'group', id: string, revision: number | 'deleted'): string {
  if (id === '' || id.includes('/')) throw new Error('An id without "/" is required');
  if (revision !== 'deleted' && (!Number.isSafeInteger(revision) || revision < 1)) throw new Error('A revision is a whole number from 1');
  return `${kind}-${id}-${revision === 'deleted' ? 'deleted' : `r${String(revision)}`}`;
}

/**
 * The id of the event an owner's edit of the team's name or description carries, one per part
 * changed: named by the edit's updatedAt, which the rules require to move.
 */
export function teamDetailsEventId(updatedAt: number, part: 'name' | 'description'): string {
  if (!Number.isSafeInteger(updatedAt) || updatedAt < 0) throw new Error('updatedAt is epoch milliseconds');
  return `team-${String(updatedAt)}-${part}`;
}

/** The entry's values an edit compares (as the form and the stored entry hold them). */
export interface EntryValues {
  readonly title: string;
  readonly url: string | null;
  readonly username: string;
  readonly password: string;
  readonly notes: string | null;
  readonly otp: string | null;
  readonly groupId: string | null;
}

/**
 * What an entry save records: 'entry.created' without `before`; else a move alone ('entry.moved'),
 * or the parts it changed ('entry.edited'). The same values saved again still write a revision,
 * so it is logged as an edit of no part: every revision has its event. The overview holds whether
 * there is a one-time code, so adding or removing one changes the overview too.
 */
export function entrySaveEvent(entryId: string, before: EntryValues | null, after: EntryValues): EntryEventBody {
  if (before === null) return { kind: 'entry.created', entryId };
  const parts: EntryPart[] = [];
  const codeShown = (before.otp === null) !== (after.otp === null);
  if (before.title !== after.title || before.url !== after.url || before.username !== after.username || codeShown) parts.push('overview');
  if (before.password !== after.password) parts.push('password');
  if (before.notes !== after.notes) parts.push('notes');
  if (before.otp !== after.otp) parts.push('details');
  const moved = before.groupId !== after.groupId;
  if (moved && parts.length === 0) return { kind: 'entry.moved', entryId, fromGroupId: before.groupId, toGroupId: after.groupId };
  return { kind: 'entry.edited', entryId, parts };
}

/** Which sealed part of an entry a save writes anew because what it holds changed. */
export interface SealedPartChanges {
  readonly overview: boolean;
  readonly details: boolean;
}

/**
 * The save's event naming at least every sealed part it writes anew (issue #41): the rules compare
 * each part's ciphertext with the event and refuse one that leaves a changed part out. A part whose
 * content changed beyond the values compared (a password history put in order) is named by
 * 'overview' or 'details'; a move that also changes a part is logged as an edit.
 */
export function namingSealedChanges(event: EntryEventBody, changed: SealedPartChanges): EntryEventBody {
  if (event.kind !== 'entry.edited' && event.kind !== 'entry.moved') return event;
  const parts: EntryPart[] = event.kind === 'entry.edited' ? [...event.parts] : [];
  if (changed.overview && !parts.includes('overview')) parts.push('overview');
  if (changed.details && !parts.some((part) => part !== 'overview')) parts.push('details');
  if (event.kind === 'entry.moved' && parts.length === 0) return event;
  if (event.kind === 'entry.edited' && parts.length === event.parts.length) return event;
  return { kind: 'entry.edited', entryId: event.entryId, parts };
}
