// The one permission table of SPEC.md §6, used by the screens (what to show), by the callable
// functions (what to allow; they bundle this file) and checked against firestore.rules by the
// rules matrix. Pure: no I/O.

export const TEAM_ROLES = ['owner', 'admin', 'full', 'view'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** 'none': not a member of the team. */
export type RoleOrNone = TeamRole | 'none';

export const ROLE_LABELS: Readonly<Record<TeamRole, string>> = Object.freeze({
  owner: 'Owner',
  admin: 'Admin',
  full: 'Full Access',
  view: 'View Only',
});

export const ROLE_DESCRIPTIONS: Readonly<Record<TeamRole, string>> = Object.freeze({
  owner: 'Full control: manages members and roles, edits and deletes the team.',
  admin: 'Views, creates, edits and deletes passwords; manages members, roles and key access.',
  full: 'Views, creates, edits and deletes passwords; sees the members.',
  view: 'Views and copies passwords; sees the members.',
});

/** The creator of a team is its owner; anyone added starts as view unless chosen otherwise. */
export const DEFAULT_MEMBER_ROLE: TeamRole = 'view';
/** Roles an owner or admin can give; the owner role is never given. */
export const ASSIGNABLE_ROLES: readonly TeamRole[] = ['admin', 'full', 'view'];

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

export type PasswordAction = 'view' | 'create' | 'edit' | 'delete';

const PASSWORD_ACTIONS: Readonly<Record<RoleOrNone, readonly PasswordAction[]>> = Object.freeze({
  owner: ['view', 'create', 'edit', 'delete'],
  admin: ['view', 'create', 'edit', 'delete'],
  full: ['view', 'create', 'edit', 'delete'],
  view: ['view'],
  none: [],
});

export function canOnPasswords(role: RoleOrNone, action: PasswordAction): boolean {
  return PASSWORD_ACTIONS[role].includes(action);
}

export function canViewMembers(role: RoleOrNone): boolean {
  return role !== 'none';
}

/** Change roles, remove members, see pending invitations, grant the team key: owner and admin. */
export function canManageMembers(role: RoleOrNone): boolean {
  return role === 'owner' || role === 'admin';
}

/** Edit or delete the team, add members: the owner only. */
export function isOwner(role: RoleOrNone): boolean {
  return role === 'owner';
}

export const PERMISSION_MESSAGES = Object.freeze({
  cannotChangeOwnerRole: 'Cannot change the owner role',
  onlyManagersChangeRoles: 'Only owners and admins can change member roles',
  cannotRemoveOwner: 'Cannot remove the team owner',
  onlyManagersRemove: 'Only owners and admins can remove members',
  cannotAddPasswords: 'You do not have permission to add passwords to this team',
  cannotUpdatePasswords: 'You do not have permission to update passwords in this team',
  cannotDeletePasswords: 'You do not have permission to delete passwords from this team',
  notMember: 'You are not a member of this team',
  // Not worded by the spec:
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotRemoveYourself: 'You cannot remove yourself; leave the team instead',
  ownerCannotLeave: 'The owner cannot leave the team; delete the team instead',
  onlyOwnerAddsMembers: 'Only the team owner can add members',
  onlyOwnerEditsTeam: 'Only the team owner can edit the team',
  onlyOwnerDeletesTeam: 'Only the team owner can delete the team',
  onlyManagersGrantKey: 'Only owners and admins can grant team key access',
  alreadyMember: 'This email address is already a member of the team',
  unknownRole: 'Choose Admin, Full Access or View Only',
  alreadyHasKey: 'This member already has the team key',
});

/** A decision: allowed, or refused with the code a callable throws and the message a user reads. */
export type Decision =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: 'permission-denied' | 'failed-precondition' | 'invalid-argument'; readonly message: string };

const ALLOWED: Decision = Object.freeze({ ok: true });
const denied = (message: string): Decision => ({ ok: false, code: 'permission-denied', message });
const precondition = (message: string): Decision => ({ ok: false, code: 'failed-precondition', message });

export function decidePasswordWrite(role: RoleOrNone, action: Exclude<PasswordAction, 'view'>): Decision {
  if (role === 'none') return denied(PERMISSION_MESSAGES.notMember);
  if (canOnPasswords(role, action)) return ALLOWED;
  const message = {
    create: PERMISSION_MESSAGES.cannotAddPasswords,
    edit: PERMISSION_MESSAGES.cannotUpdatePasswords,
    delete: PERMISSION_MESSAGES.cannotDeletePasswords,
  }[action];
  return denied(message);
}

export interface MemberChange {
  readonly actorUid: string;
  readonly actorRole: RoleOrNone;
  readonly targetUid: string;
  /** 'none' when the target is not a member. */
  readonly targetRole: RoleOrNone;
}

export function decideRoleChange(change: MemberChange, newRole: unknown): Decision {
  if (change.actorRole === 'none') return denied(PERMISSION_MESSAGES.notMember);
  if (change.targetRole === 'owner' || newRole === 'owner') return denied(PERMISSION_MESSAGES.cannotChangeOwnerRole);
  if (!canManageMembers(change.actorRole)) return denied(PERMISSION_MESSAGES.onlyManagersChangeRoles);
  if (!isTeamRole(newRole)) return { ok: false, code: 'invalid-argument', message: PERMISSION_MESSAGES.unknownRole };
  if (change.targetRole === 'none') return precondition(PERMISSION_MESSAGES.notMember.replace('You are', 'They are'));
  if (change.actorUid === change.targetUid) return denied(PERMISSION_MESSAGES.cannotChangeOwnRole);
  return ALLOWED;
}

export function decideRemoval(change: MemberChange): Decision {
  if (change.actorRole === 'none') return denied(PERMISSION_MESSAGES.notMember);
  if (change.targetRole === 'owner') return denied(PERMISSION_MESSAGES.cannotRemoveOwner);
  if (!canManageMembers(change.actorRole)) return denied(PERMISSION_MESSAGES.onlyManagersRemove);
  if (change.targetRole === 'none') return precondition(PERMISSION_MESSAGES.notMember.replace('You are', 'They are'));
  if (change.actorUid === change.targetUid) return denied(PERMISSION_MESSAGES.cannotRemoveYourself);
  return ALLOWED;
}

export function decideLeave(role: RoleOrNone): Decision {
  if (role === 'none') return denied(PERMISSION_MESSAGES.notMember);
  if (role === 'owner') return denied(PERMISSION_MESSAGES.ownerCannotLeave);
  return ALLOWED;
}

export function decideAddMember(actorRole: RoleOrNone, newRole: unknown, alreadyMember: boolean): Decision {
  if (actorRole === 'none') return denied(PERMISSION_MESSAGES.notMember);
  if (!isOwner(actorRole)) return denied(PERMISSION_MESSAGES.onlyOwnerAddsMembers);
  if (newRole === 'owner') return denied(PERMISSION_MESSAGES.cannotChangeOwnerRole);
  if (!isTeamRole(newRole)) return { ok: false, code: 'invalid-argument', message: PERMISSION_MESSAGES.unknownRole };
  if (alreadyMember) return { ok: false, code: 'failed-precondition', message: PERMISSION_MESSAGES.alreadyMember };
  return ALLOWED;
}

/**
 * Owners and admins grant the key to a member who needs it (SPEC.md §6). The owner is the one
 * exception: an owner whose wrap stopped opening the team key may be given it again by any member
 * who holds the key (docs/teams.md, "Key checks"), so no admin can cut the owner off for good.
 */
export function decideGrantKey(actorRole: RoleOrNone, targetRole: RoleOrNone, targetNeedsKey: boolean, actorHoldsKey = true): Decision {
  if (actorRole === 'none') return denied(PERMISSION_MESSAGES.notMember);
  const recoversOwner = isOwner(targetRole) && targetNeedsKey && actorHoldsKey;
  if (!canManageMembers(actorRole) && !recoversOwner) return denied(PERMISSION_MESSAGES.onlyManagersGrantKey);
  if (targetRole === 'none') return precondition(PERMISSION_MESSAGES.notMember.replace('You are', 'They are'));
  if (!targetNeedsKey) return precondition(PERMISSION_MESSAGES.alreadyHasKey);
  return ALLOWED;
}

export function decideTeamEdit(actorRole: RoleOrNone): Decision {
  if (actorRole === 'none') return denied(PERMISSION_MESSAGES.notMember);
  return isOwner(actorRole) ? ALLOWED : denied(PERMISSION_MESSAGES.onlyOwnerEditsTeam);
}

export function decideTeamDeletion(actorRole: RoleOrNone): Decision {
  if (actorRole === 'none') return denied(PERMISSION_MESSAGES.notMember);
  return isOwner(actorRole) ? ALLOWED : denied(PERMISSION_MESSAGES.onlyOwnerDeletesTeam);
}
