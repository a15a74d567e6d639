import type { AuditEventKind } from '@keyloft/contract/auditEvents';

// The kind filter's choices (issue #24's viewer): every event kind in exactly one category, and a
// category is read with one `in` filter (its kinds are well under Firestore's bound).

export const ACTIVITY_CATEGORIES = ['entries', 'groups', 'members', 'invitations', 'keys', 'team'] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

export const CATEGORY_LABELS: Readonly<Record<ActivityCategory, string>> = Object.freeze({
  entries: 'Entries',
  groups: 'Groups',
  members: 'Members',
  invitations: 'Invitations',
  keys: 'Keys',
  team: 'Team',
});

export const CATEGORY_KINDS: Readonly<Record<ActivityCategory, readonly AuditEventKind[]>> = Object.freeze({
  entries: ['entry.created', 'entry.edited', 'entry.moved', 'entry.deleted'],
  groups: ['group.created', 'group.edited', 'group.deleted'],
  members: ['member.added', 'member.roleChanged', 'member.removed', 'member.left'],
  invitations: ['invitation.sent', 'invitation.cancelled', 'invitation.accepted', 'invitation.declined', 'invitation.expired'],
  keys: ['member.keyGranted', 'rotation.started', 'rotation.finished'],
  team: ['team.created', 'team.renamed', 'team.descriptionChanged', 'team.deleted'],
});

export function isActivityCategory(value: string): value is ActivityCategory {
  return (ACTIVITY_CATEGORIES as readonly string[]).includes(value);
}
