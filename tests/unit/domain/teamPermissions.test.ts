import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_ROLES,
  DEFAULT_MEMBER_ROLE,
  PERMISSION_MESSAGES,
  ROLE_LABELS,
  TEAM_ROLES,
  canManageMembers,
  canOnPasswords,
  canViewMembers,
  decideAddMember,
  decideGrantKey,
  decideLeave,
  decidePasswordWrite,
  decideRemoval,
  decideRoleChange,
  decideTeamDeletion,
  decideTeamEdit,
  type PasswordAction,
  type RoleOrNone,
} from '@keyloft/contract/teamPermissions';

const ROLES: RoleOrNone[] = [...TEAM_ROLES, 'none'];
const ACTIONS: PasswordAction[] = ['view', 'create', 'edit', 'delete'];

// SPEC.md §6, written out cell by cell: role → [passwords the role may act on, members: manage?]
const TABLE: Record<RoleOrNone, { passwords: PasswordAction[]; viewMembers: boolean; manageMembers: boolean }> = {
  owner: { passwords: ['view', 'create', 'edit', 'delete'], viewMembers: true, manageMembers: true },
  admin: { passwords: ['view', 'create', 'edit', 'delete'], viewMembers: true, manageMembers: true },
  full: { passwords: ['view', 'create', 'edit', 'delete'], viewMembers: true, manageMembers: false },
  view: { passwords: ['view'], viewMembers: true, manageMembers: false },
  none: { passwords: [], viewMembers: false, manageMembers: false },
};

describe('the permission table (SPEC.md §6)', () => {
  it('has the four roles with their labels, view as the default and owner never assignable', () => {
    expect(ROLE_LABELS).toEqual({ owner: 'Owner', admin: 'Admin', full: 'Full Access', view: 'View Only' });
    expect(DEFAULT_MEMBER_ROLE).toBe('view');
    expect(ASSIGNABLE_ROLES).not.toContain('owner');
  });

  for (const role of ROLES) {
    for (const action of ACTIONS) {
      const allowed = TABLE[role].passwords.includes(action);
      it(`${role} ${allowed ? 'may' : 'may not'} ${action} passwords`, () => {
        expect(canOnPasswords(role, action)).toBe(allowed);
        if (action !== 'view') expect(decidePasswordWrite(role, action).ok).toBe(allowed);
      });
    }
    it(`${role}: members ${TABLE[role].manageMembers ? 'view and manage' : TABLE[role].viewMembers ? 'view only' : 'nothing'}`, () => {
      expect(canViewMembers(role)).toBe(TABLE[role].viewMembers);
      expect(canManageMembers(role)).toBe(TABLE[role].manageMembers);
    });
  }

  it('refuses password writes with the spec’s messages', () => {
    expect(decidePasswordWrite('view', 'create')).toEqual({ ok: false, code: 'permission-denied', message: 'You do not have permission to add passwords to this team' });
    expect(decidePasswordWrite('view', 'edit')).toMatchObject({ message: 'You do not have permission to update passwords in this team' });
    expect(decidePasswordWrite('view', 'delete')).toMatchObject({ message: 'You do not have permission to delete passwords from this team' });
    expect(decidePasswordWrite('none', 'create')).toMatchObject({ message: 'You are not a member of this team' });
  });
});

const change = (actorRole: RoleOrNone, targetRole: RoleOrNone, same = false) => ({
  actorUid: 'actor',
  actorRole,
  targetUid: same ? 'actor' : 'target',
  targetRole,
});

describe('changing a role', () => {
  it.each(['owner', 'admin'] as const)('%s changes another member’s role', (actor) => {
    expect(decideRoleChange(change(actor, 'view'), 'full')).toEqual({ ok: true });
    expect(decideRoleChange(change(actor, 'full'), 'admin')).toEqual({ ok: true });
  });

  it.each(['full', 'view'] as const)('%s may not: "Only owners and admins can change member roles"', (actor) => {
    expect(decideRoleChange(change(actor, 'view'), 'full')).toMatchObject({ ok: false, code: 'permission-denied', message: 'Only owners and admins can change member roles' });
  });

  it('nobody changes the owner’s role, nor gives the owner role: "Cannot change the owner role"', () => {
    for (const actor of ['owner', 'admin', 'full', 'view'] as const) {
      expect(decideRoleChange(change(actor, 'owner'), 'admin')).toMatchObject({ message: PERMISSION_MESSAGES.cannotChangeOwnerRole });
    }
    expect(decideRoleChange(change('owner', 'admin'), 'owner')).toMatchObject({ message: 'Cannot change the owner role' });
  });

  it('a non-member is told so; an unknown role is invalid; nobody changes their own role', () => {
    expect(decideRoleChange(change('none', 'view'), 'full')).toMatchObject({ message: 'You are not a member of this team' });
    expect(decideRoleChange(change('owner', 'view'), 'superuser')).toMatchObject({ code: 'invalid-argument' });
    expect(decideRoleChange(change('admin', 'admin', true), 'view')).toMatchObject({ ok: false, code: 'permission-denied' });
    expect(decideRoleChange(change('owner', 'none'), 'view')).toMatchObject({ ok: false, code: 'failed-precondition' });
  });
});

describe('removing a member', () => {
  it.each(['owner', 'admin'] as const)('%s removes a member who is not the owner', (actor) => {
    for (const target of ['admin', 'full', 'view'] as const) expect(decideRemoval(change(actor, target))).toEqual({ ok: true });
  });

  it.each(['full', 'view', 'none'] as const)('%s may not', (actor) => {
    expect(decideRemoval(change(actor, 'view')).ok).toBe(false);
  });

  it('uses the spec’s messages', () => {
    expect(decideRemoval(change('full', 'view'))).toMatchObject({ message: 'Only owners and admins can remove members' });
    expect(decideRemoval(change('admin', 'owner'))).toMatchObject({ message: 'Cannot remove the team owner' });
    expect(decideRemoval(change('none', 'view'))).toMatchObject({ message: 'You are not a member of this team' });
  });

  it('nobody removes themselves (they leave instead), and the owner cannot leave', () => {
    expect(decideRemoval(change('admin', 'admin', true))).toMatchObject({ message: PERMISSION_MESSAGES.cannotRemoveYourself });
    expect(decideLeave('owner')).toMatchObject({ ok: false, message: PERMISSION_MESSAGES.ownerCannotLeave });
    for (const role of ['admin', 'full', 'view'] as const) expect(decideLeave(role)).toEqual({ ok: true });
    expect(decideLeave('none').ok).toBe(false);
  });
});

describe('owner-only and owner-and-admin actions', () => {
  it('only the owner adds members, edits and deletes the team', () => {
    for (const role of ROLES) {
      expect(decideAddMember(role, 'view', false).ok).toBe(role === 'owner');
      expect(decideTeamEdit(role).ok).toBe(role === 'owner');
      expect(decideTeamDeletion(role).ok).toBe(role === 'owner');
    }
  });

  it('adding someone already listed, or as owner, or with an unknown role is refused', () => {
    expect(decideAddMember('owner', 'view', true)).toMatchObject({ message: 'This email address is already a member of the team' });
    expect(decideAddMember('owner', 'owner', false)).toMatchObject({ message: 'Cannot change the owner role' });
    expect(decideAddMember('owner', 'root', false)).toMatchObject({ code: 'invalid-argument' });
  });

  it('owner and admin grant the key to a member who needs it', () => {
    for (const role of ROLES) expect(decideGrantKey(role, 'view', true).ok).toBe(role === 'owner' || role === 'admin');
    expect(decideGrantKey('owner', 'view', false)).toMatchObject({ code: 'failed-precondition' });
    expect(decideGrantKey('owner', 'none', true)).toMatchObject({ code: 'failed-precondition' });
  });
});
