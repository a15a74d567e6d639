import { describe, expect, it } from 'vitest';
import type { AuditEventBody } from '@keyloft/contract/auditEvents';
import { decideAccountLeave } from '../../src/account/planDeletion';
import { decideCancel, decideExpiry } from '../../src/invitations/decide';
import { decideInvite } from '../../src/invitations/decideInvite';
import { decideAccept, decideDecline } from '../../src/invitations/decideResponse';
import { decideTeamRemoval } from '../../src/teams/decideDeletion';
import {
  decideConfirmTeamKey,
  decideConfirmTeamKeyRotation,
  decideFinishKeyRotation,
  decideReportTeamKeyMismatch,
  decideRotateTeamKey,
} from '../../src/teams/decideKeys';
import { decideChangeMemberRole, decideCreateTeam, decideGrantTeamKey, decideLeaveTeam, decideRemoveTeamMember } from '../../src/teams/decideMembers';
import { INVITE_ID, invitation } from '../invitations/fixtures';
import { KEY, NOW, SEALED, member, team } from '../teams/fixtures';

// Issue #24, "what each action records": every decision of a callable that changes membership, keys
// or the team names the events its change writes (docs/audit-log.md), and a refusal names none
// (it writes nothing). The shells add the team, the actor and the time.

function eventsOf(outcome: { ok: true; value: { events: readonly AuditEventBody[] } | null } | { ok: false }): readonly AuditEventBody[] {
  if (!outcome.ok) throw new Error('refused');
  return outcome.value?.events ?? [];
}

const CHECK = Buffer.alloc(32, 8).toString('base64');
const holders = { owner: KEY(2), admin: KEY(3), full: KEY(4) };
const rotation = { fromVersion: 1, wraps: holders, sealedPreviousKey: SEALED, keyCheck: CHECK };
const bo = { uid: 'bo', email: 'bo@example.com', emailVerified: true };

describe('what each team action records', () => {
  it('createTeam: team.created; a retry of the same call, nothing', () => {
    const facts = {
      uid: 'owner',
      email: 'owner@example.com',
      input: { teamId: 'T1', name: 'Ops', encryptedTeamKey: KEY(1) },
      existing: null,
      hasUserRecord: true,
      subscription: { status: 'active', planId: 'unlimited', planName: 'Unlimited', currentPeriodEnd: NOW + 1e9, cancelAtPeriodEnd: false, trialEnd: null, isFreeTrialOnly: false },
      ownedTeams: 0,
      now: NOW,
    } as const;
    const created = decideCreateTeam(facts);
    expect(created.ok && created.value.kind === 'create' && created.value.events).toEqual([{ kind: 'team.created' }]);
    if (!created.ok || created.value.kind !== 'create') throw new Error('not created');
    expect(decideCreateTeam({ ...facts, existing: created.value.team })).toEqual({ ok: true, value: { kind: 'already-created' } });
  });

  it('changeMemberRole: member.roleChanged with the member’s uid and address, from and to', () => {
    expect(eventsOf(decideChangeMemberRole(team(), 'admin', { userId: 'full', role: 'view' }, NOW))).toEqual([
      { kind: 'member.roleChanged', memberUid: 'full', memberEmail: 'full@example.com', from: 'full', to: 'view' },
    ]);
  });

  it('removeTeamMember: member.removed; leaveTeam and an account deletion leaving a team: member.left', () => {
    expect(eventsOf(decideRemoveTeamMember(team(), 'owner', 'full', NOW))).toEqual([{ kind: 'member.removed', memberUid: 'full', memberEmail: 'full@example.com' }]);
    expect(eventsOf(decideLeaveTeam(team(), 'viewer', NOW))).toEqual([{ kind: 'member.left', memberUid: 'viewer', memberEmail: 'viewer@example.com' }]);
    expect(eventsOf(decideAccountLeave(team(), 'admin', NOW))).toEqual([{ kind: 'member.left', memberUid: 'admin', memberEmail: 'admin@example.com' }]);
    // Nothing left to do (already gone, or the team is being deleted): nothing recorded.
    expect(decideAccountLeave(team(), 'stranger', NOW)).toEqual({ ok: true, value: null });
  });

  it('names a member without an address by uid, with an empty address', () => {
    const noAddress = team({ members: { ...team().members, full: { ...member('full', 'full'), email: null } } });
    expect(eventsOf(decideRemoveTeamMember(noAddress, 'owner', 'full', NOW))).toEqual([{ kind: 'member.removed', memberUid: 'full', memberEmail: '' }]);
  });

  it('grantTeamKey: member.keyGranted for the member given the key, never the wrap', () => {
    const events = eventsOf(decideGrantTeamKey(team(), 'owner', { userId: 'viewer', keyVersion: 1, encryptedTeamKey: KEY(6) }, NOW));
    expect(events).toEqual([{ kind: 'member.keyGranted', memberUid: 'viewer', memberEmail: 'viewer@example.com' }]);
    expect(JSON.stringify(events)).not.toContain(KEY(6));
  });

  it('rotateTeamKey: rotation.started with the new version when the key changes, whoever rotates; a proposal stored before issue #41 records it when the owner confirms it', () => {
    expect(eventsOf(decideRotateTeamKey(team({ rotationNeeded: true }), 'owner', rotation, NOW))).toEqual([{ kind: 'rotation.started', keyVersion: 2 }]);
    // Issue #41: an admin's rotation takes effect at once (docs/teams.md, "The removal window").
    expect(eventsOf(decideRotateTeamKey(team({ rotationNeeded: true }), 'admin', rotation, NOW))).toEqual([{ kind: 'rotation.started', keyVersion: 2 }]);
    const proposal = { keyVersion: 2, keyCheck: CHECK, sealedPreviousKey: SEALED, wraps: holders, proposedBy: 'admin', proposedAt: 1 };
    expect(eventsOf(decideConfirmTeamKeyRotation(team({ rotationNeeded: true, pendingRotation: proposal }), 'owner', 2, NOW))).toEqual([
      { kind: 'rotation.started', keyVersion: 2 },
    ]);
    // With no owner holding the key, the admin's rotation takes effect and is recorded.
    const ownerWithoutKey = team({ rotationNeeded: true, members: { ...team().members, owner: member('owner', 'owner', true) } });
    expect(eventsOf(decideRotateTeamKey(ownerWithoutKey, 'admin', { ...rotation, wraps: { admin: KEY(3), full: KEY(4) } }, NOW))).toEqual([
      { kind: 'rotation.started', keyVersion: 2 },
    ]);
  });

  it('finishKeyRotation: rotation.finished with the team’s version', () => {
    const rotating = team({ keyVersion: 2, previousKey: { version: 1, sealed: SEALED } });
    expect(eventsOf(decideFinishKeyRotation(rotating, 'admin', 2, 0, NOW))).toEqual([{ kind: 'rotation.finished', keyVersion: 2 }]);
  });

  it('a member’s own key checks (confirmTeamKey, reportTeamKeyMismatch) record nothing', () => {
    const rotated = team({
      keyVersion: 2,
      keyCheck: CHECK,
      members: { ...team().members, full: { ...member('full', 'full'), previousTeamKey: { keyVersion: 1, encryptedTeamKey: KEY(7) } } },
    });
    expect(eventsOf(decideConfirmTeamKey(rotated, 'full', { keyVersion: 2, keyCheck: CHECK }, NOW))).toEqual([]);
    expect(eventsOf(decideReportTeamKeyMismatch(rotated, 'full', 2, NOW))).toEqual([]);
  });

  it('deleteTeam: team.deleted, kept for the owner the document names', () => {
    expect(decideTeamRemoval('owner')).toEqual({ events: [{ kind: 'team.deleted' }], formerOwner: 'owner' });
    expect(decideTeamRemoval(undefined)).toBeNull();
    expect(decideTeamRemoval('')).toBeNull();
  });

  it('a refused change records nothing', () => {
    expect(decideRemoveTeamMember(team(), 'full', 'viewer', NOW)).toMatchObject({ ok: false });
    expect(decideRemoveTeamMember(team(), 'full', 'viewer', NOW)).not.toHaveProperty('value');
    expect(decideChangeMemberRole(team(), 'admin', { userId: 'owner', role: 'view' }, NOW)).not.toHaveProperty('value');
    expect(decideFinishKeyRotation(team({ keyVersion: 2, previousKey: { version: 1, sealed: SEALED } }), 'owner', 2, 1, NOW)).not.toHaveProperty('value');
  });
});

describe('what each invitation action records', () => {
  const respond = { inviteId: INVITE_ID, caller: bo, proof: undefined, invitation: invitation(), team: team(), now: NOW };

  it('inviteTeamMember: invitation.sent with the new invitation’s id and the invited address', () => {
    const invited = decideInvite({
      inviteId: INVITE_ID,
      caller: { uid: 'owner', email: 'owner@example.com' },
      input: { email: 'new@example.com', teamId: 'T1', role: 'view' },
      team: team(),
      sameAddress: [],
      teamInvites: [],
      inviterInvites: [],
      now: NOW,
    });
    expect(eventsOf(invited)).toEqual([{ kind: 'invitation.sent', invitationId: INVITE_ID, email: 'new@example.com' }]);
  });

  it('cancelInvitation: invitation.cancelled', () => {
    expect(eventsOf(decideCancel(INVITE_ID, invitation(), team(), 'admin'))).toEqual([{ kind: 'invitation.cancelled', invitationId: INVITE_ID, email: 'bo@example.com' }]);
  });

  it('acceptInvitation: invitation.accepted then member.added, never the invitation’s key', () => {
    const accepted = decideAccept({ ...respond, pendingTeamKey: null });
    if (!accepted.ok || accepted.value.kind !== 'join') throw new Error('not joined');
    expect(accepted.value.change.events).toEqual([
      { kind: 'invitation.accepted', invitationId: INVITE_ID, email: 'bo@example.com' },
      { kind: 'member.added', memberUid: 'bo', memberEmail: 'bo@example.com' },
    ]);
    expect(JSON.stringify(accepted.value.change.events)).not.toContain(KEY(9));
  });

  it('declineInvitation: invitation.declined; a retry, nothing', () => {
    expect(eventsOf(decideDecline(respond))).toEqual([{ kind: 'invitation.declined', invitationId: INVITE_ID, email: 'bo@example.com' }]);
    const declined = invitation({ status: 'declined', respondedAt: NOW - 1 });
    expect(eventsOf(decideDecline({ ...respond, invitation: declined }))).toEqual([]);
  });

  it('the hourly expiry: invitation.expired (its actor, the system, is the shell’s)', () => {
    expect(decideExpiry(INVITE_ID, invitation({ expiresAt: NOW }), team(), NOW)?.events).toEqual([
      { kind: 'invitation.expired', invitationId: INVITE_ID, email: 'bo@example.com' },
    ]);
  });
});
