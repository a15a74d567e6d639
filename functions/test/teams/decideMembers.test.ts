import { describe, expect, it } from 'vitest';
import {
  decideChangeMemberRole,
  decideCreateTeam,
  decideGrantTeamKey,
  decideLeaveTeam,
  decideRemoveTeamMember,
  type CreateTeamFacts,
} from '../../src/teams/decideMembers';
import type { SubscriptionLike } from '@keyloft/contract/subscription';
import { KEY, NOW, member, team } from './fixtures';

const refused = (code: string, message: string) => ({ ok: false, code, message });
const NOT_MEMBER = refused('permission-denied', 'You are not a member of this team');

describe('createTeam', () => {
  const paid = (planId: string): SubscriptionLike => ({
    status: 'active',
    planId,
    planName: planId,
    currentPeriodEnd: NOW + 1e9,
    cancelAtPeriodEnd: false,
    trialEnd: null,
    isFreeTrialOnly: false,
  });
  const facts = (overrides: Partial<CreateTeamFacts> = {}): CreateTeamFacts => ({
    uid: 'owner',
    email: 'Owner@Example.com',
    input: { teamId: 'T1', name: 'Ops', description: 'Night shift', encryptedTeamKey: KEY(1) },
    existing: null,
    hasUserRecord: true,
    subscription: paid('standard'),
    ownedTeams: 0,
    now: NOW,
    ...overrides,
  });

  it('creates the document of docs/teams.md with the creator as owner holding the key', () => {
    expect(decideCreateTeam(facts())).toEqual({
      ok: true,
      value: {
        kind: 'create',
        team: {
          name: 'Ops',
          description: 'Night shift',
          ownerId: 'owner',
          createdAt: NOW,
          updatedAt: NOW,
          memberIds: ['owner'],
          members: {
            owner: { userId: 'owner', role: 'owner', joinedAt: NOW, email: 'owner@example.com', encryptedTeamKey: KEY(1), needsTeamKey: false },
          },
          keyVersion: 1,
          keyCheck: null,
          pendingRotation: null,
          rotationNeeded: false,
          previousKey: null,
          deleting: false,
          entryFormat: 2,
        },
        events: [{ kind: 'team.created' }],
      },
    });
  });

  it('publishes the key check the creator sent with the first key', () => {
    const check = Buffer.alloc(32, 9).toString('base64');
    const outcome = decideCreateTeam(facts({ input: { teamId: 'T1', name: 'Ops', encryptedTeamKey: KEY(1), keyCheck: check } }));
    expect(outcome.ok && outcome.value.kind === 'create' && outcome.value.team.keyCheck).toBe(check);
  });

  it('omits an absent description', () => {
    const outcome = decideCreateTeam(facts({ input: { teamId: 'T1', name: 'Ops', encryptedTeamKey: KEY(1) } }));
    expect(outcome.ok && outcome.value.kind === 'create' && 'description' in outcome.value.team).toBe(false);
  });

  const trial = (trialEnd: number, currentPeriodEnd: number | null = trialEnd): SubscriptionLike => ({
    status: 'trialing',
    planId: 'unlimited',
    planName: 'Unlimited',
    currentPeriodEnd,
    cancelAtPeriodEnd: false,
    trialEnd,
    isFreeTrialOnly: true,
  });
  const NEEDS_PAID = refused('failed-precondition', 'Creating teams needs a paid plan. Upgrade to continue.');
  const LIMIT = refused('failed-precondition', 'Team Creation Limit Reached');

  it("stops at the plan's limit, counted as teams owned", () => {
    expect(decideCreateTeam(facts({ ownedTeams: 9 })).ok).toBe(true);
    expect(decideCreateTeam(facts({ ownedTeams: 10 }))).toEqual(LIMIT);
    expect(decideCreateTeam(facts({ subscription: paid('pro'), ownedTeams: 24 })).ok).toBe(true);
    expect(decideCreateTeam(facts({ subscription: paid('pro'), ownedTeams: 25 }))).toEqual(LIMIT);
    // Unlimited plans (src/domain/subscription.ts TEAM_LIMITS) have none.
    expect(decideCreateTeam(facts({ subscription: paid('unlimited'), ownedTeams: 500 })).ok).toBe(true);
  });

  it('lets a live trial create teams, and refuses an expired one', () => {
    expect(decideCreateTeam(facts({ subscription: trial(NOW + 1) })).ok).toBe(true);
    expect(decideCreateTeam(facts({ subscription: trial(NOW) }))).toEqual(NEEDS_PAID);
    expect(decideCreateTeam(facts({ subscription: trial(NOW - 1) }))).toEqual(NEEDS_PAID);
    // A free-trial-only subscription ends at the earlier of its trial end and period end.
    expect(decideCreateTeam(facts({ subscription: trial(NOW + 1e9, NOW - 1) }))).toEqual(NEEDS_PAID);
    // Whatever the status says once the trial is over.
    expect(decideCreateTeam(facts({ subscription: { ...trial(NOW - 1), status: 'active' } }))).toEqual(NEEDS_PAID);
  });

  it('refuses the free plan, the fallback, and a paid plan that lost access', () => {
    expect(decideCreateTeam(facts({ subscription: paid('free') }))).toEqual(NEEDS_PAID);
    expect(decideCreateTeam(facts({ subscription: null }))).toEqual(NEEDS_PAID);
    for (const status of ['canceled', 'unpaid', 'incomplete'] as const) {
      expect(decideCreateTeam(facts({ subscription: { ...paid('standard'), status } }))).toEqual(NEEDS_PAID);
    }
    // past_due is the payment provider's retry grace and keeps access.
    expect(decideCreateTeam(facts({ subscription: { ...paid('standard'), status: 'past_due' } })).ok).toBe(true);
  });

  it('refuses on free before it counts: a cancelled standard owner over the limit hears about the plan', () => {
    const cancelled = { ...paid('standard'), status: 'canceled' as const };
    expect(decideCreateTeam(facts({ subscription: cancelled, ownedTeams: 10 }))).toEqual(NEEDS_PAID);
  });

  it('answers a retry of the same call without writing, even at the limit', () => {
    const created = decideCreateTeam(facts());
    if (!created.ok || created.value.kind !== 'create') throw new Error('not created');
    expect(decideCreateTeam(facts({ existing: created.value.team, ownedTeams: 10 }))).toEqual({ ok: true, value: { kind: 'already-created' } });
  });

  it("refuses an id taken by someone else's team, by a different key, or by a team being deleted", () => {
    const taken = refused('already-exists', 'This team id is already in use');
    expect(decideCreateTeam(facts({ existing: team({ ownerId: 'other' }), uid: 'other2' }))).toEqual(taken);
    expect(decideCreateTeam(facts({ existing: team(), input: { teamId: 'T1', name: 'Ops', encryptedTeamKey: KEY(2) } }))).toEqual(taken);
    expect(decideCreateTeam(facts({ existing: team({ deleting: true }) }))).toEqual(taken);
  });

  it('refuses an account without a user record', () => {
    expect(decideCreateTeam(facts({ hasUserRecord: false })).ok).toBe(false);
  });
});

describe('changeMemberRole', () => {
  it('lets owners and admins change another non-owner member to an assignable role', () => {
    for (const actor of ['owner', 'admin']) {
      const outcome = decideChangeMemberRole(team(), actor, { userId: 'full', role: 'view' }, NOW);
      expect(outcome.ok && outcome.value.patch).toEqual({
        members: { ...team().members, full: { ...member('full', 'full'), role: 'view' } },
        updatedAt: NOW,
      });
    }
  });

  it('refuses with the §6 messages', () => {
    expect(decideChangeMemberRole(team(), 'admin', { userId: 'owner', role: 'view' }, NOW)).toEqual(
      refused('permission-denied', 'Cannot change the owner role'),
    );
    expect(decideChangeMemberRole(team(), 'owner', { userId: 'full', role: 'owner' }, NOW)).toEqual(
      refused('permission-denied', 'Cannot change the owner role'),
    );
    expect(decideChangeMemberRole(team(), 'full', { userId: 'viewer', role: 'admin' }, NOW)).toEqual(
      refused('permission-denied', 'Only owners and admins can change member roles'),
    );
    expect(decideChangeMemberRole(team(), 'viewer', { userId: 'full', role: 'view' }, NOW)).toEqual(
      refused('permission-denied', 'Only owners and admins can change member roles'),
    );
    expect(decideChangeMemberRole(team(), 'stranger', { userId: 'full', role: 'view' }, NOW)).toEqual(NOT_MEMBER);
    expect(decideChangeMemberRole(team(), 'admin', { userId: 'admin', role: 'view' }, NOW).ok).toBe(false);
    expect(decideChangeMemberRole(team(), 'owner', { userId: 'stranger', role: 'view' }, NOW)).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('removeTeamMember and leaveTeam', () => {
  const removal = (uid: string, kind: 'member.removed' | 'member.left') => ({
    patch: {
      members: Object.fromEntries(Object.entries(team().members).filter(([key]) => key !== uid)),
      memberIds: team().memberIds.filter((id) => id !== uid),
      rotationNeeded: true,
      pendingRotation: null,
      updatedAt: NOW,
    },
    addTeamIdFor: [],
    removeTeamIdFor: [uid],
    events: [{ kind, memberUid: uid, memberEmail: `${uid}@example.com` }],
  });

  it('removes the member everywhere and asks for a key rotation', () => {
    expect(decideRemoveTeamMember(team(), 'admin', 'full', NOW)).toEqual({ ok: true, value: removal('full', 'member.removed') });
    expect(decideRemoveTeamMember(team(), 'owner', 'admin', NOW)).toEqual({ ok: true, value: removal('admin', 'member.removed') });
    expect(decideLeaveTeam(team(), 'viewer', NOW)).toEqual({ ok: true, value: removal('viewer', 'member.left') });
  });

  it('refuses with the §6 messages', () => {
    expect(decideRemoveTeamMember(team(), 'admin', 'owner', NOW)).toEqual(refused('permission-denied', 'Cannot remove the team owner'));
    expect(decideRemoveTeamMember(team(), 'full', 'viewer', NOW)).toEqual(
      refused('permission-denied', 'Only owners and admins can remove members'),
    );
    expect(decideRemoveTeamMember(team(), 'stranger', 'viewer', NOW)).toEqual(NOT_MEMBER);
    expect(decideRemoveTeamMember(team(), 'admin', 'admin', NOW).ok).toBe(false);
    expect(decideLeaveTeam(team(), 'owner', NOW)).toMatchObject({ ok: false, code: 'permission-denied' });
    expect(decideLeaveTeam(team(), 'stranger', NOW)).toEqual(NOT_MEMBER);
    expect(decideLeaveTeam(team({ deleting: true }), 'viewer', NOW).ok).toBe(false);
  });
});

describe('grantTeamKey', () => {
  const grant = { userId: 'viewer', keyVersion: 1, encryptedTeamKey: KEY(6) };

  it('gives the current key to a member who needs it', () => {
    const outcome = decideGrantTeamKey(team(), 'admin', grant, NOW);
    expect(outcome.ok && outcome.value.patch.members?.viewer).toEqual({
      ...member('viewer', 'view', true),
      encryptedTeamKey: KEY(6),
      needsTeamKey: false,
    });
  });

  it('refuses non-managers, members who hold the key, non-members and a stale key version', () => {
    expect(decideGrantTeamKey(team(), 'full', grant, NOW)).toEqual(refused('permission-denied', 'Only owners and admins can grant team key access'));
    expect(decideGrantTeamKey(team(), 'owner', { ...grant, userId: 'full' }, NOW)).toEqual(
      refused('failed-precondition', 'This member already has the team key'),
    );
    expect(decideGrantTeamKey(team(), 'owner', { ...grant, userId: 'stranger' }, NOW)).toMatchObject({ code: 'failed-precondition' });
    expect(decideGrantTeamKey(team(), 'stranger', grant, NOW)).toEqual(NOT_MEMBER);
    expect(decideGrantTeamKey(team({ keyVersion: 2 }), 'owner', grant, NOW)).toMatchObject({ code: 'failed-precondition' });
  });

  // docs/teams.md, "Key checks": an owner whose wrap stopped opening the key is never stuck waiting
  // for an owner or admin: any member who holds the key may give it back.
  it('lets any key holder give the key back to a flagged owner, and nobody without the key', () => {
    const flaggedOwner = team({ members: { ...team().members, owner: member('owner', 'owner', true) } });
    const back = { userId: 'owner', keyVersion: 1, encryptedTeamKey: KEY(6) };
    const byFull = decideGrantTeamKey(flaggedOwner, 'full', back, NOW);
    expect(byFull.ok && byFull.value.patch.members?.owner).toMatchObject({ encryptedTeamKey: KEY(6), needsTeamKey: false });
    expect(decideGrantTeamKey(flaggedOwner, 'viewer', back, NOW)).toEqual(refused('permission-denied', 'Only owners and admins can grant team key access'));
    const keylessAdmin = team({ members: { ...flaggedOwner.members, admin: member('admin', 'admin', true) } });
    expect(decideGrantTeamKey(keylessAdmin, 'admin', back, NOW)).toEqual(refused('failed-precondition', 'You do not hold the team key'));
    // Another flagged member still needs an owner or admin.
    expect(decideGrantTeamKey(flaggedOwner, 'full', grant, NOW)).toEqual(refused('permission-denied', 'Only owners and admins can grant team key access'));
    // The owner holding the key cannot be "re-granted" over a working wrap.
    expect(decideGrantTeamKey(team(), 'full', back, NOW)).toMatchObject({ code: 'permission-denied' });
    expect(decideGrantTeamKey(team(), 'admin', back, NOW)).toEqual(refused('failed-precondition', 'This member already has the team key'));
  });
});
