import { describe, expect, it } from 'vitest';
import { decideAccountLeave, planDeletion } from '../../src/account/planDeletion';
import { NOW, team } from '../teams/fixtures';

const HEAD = ['tombstone', 'subscription'];
const TAIL = ['invitations', 'passwords', 'groups', 'keys', 'emailChanges', 'userRecord', 'billingRecords', 'revokeTokens', 'authUser'];
const kinds = (steps: readonly { kind: string }[]) => steps.map((step) => step.kind);

describe('planDeletion', () => {
  it('deletes the teams the user owns, leaves the teams they joined, then removes their own data and the Auth user last', () => {
    const plan = planDeletion('owner', [
      { id: 'T2', team: team({ name: 'Zeta' }) },
      { id: 'T1', team: team({ name: 'Alpha' }) },
      { id: 'T3', team: team({ name: 'Joined', ownerId: 'other', members: { other: team().members.owner!, owner: team().members.admin! }, memberIds: ['other', 'owner'] }) },
    ]);
    expect(plan.ownedTeams).toEqual(['T1', 'T2']);
    expect(plan.joinedTeams).toEqual(['T3']);
    expect(plan.steps).toEqual([
      ...HEAD.map((kind) => ({ kind })),
      { kind: 'deleteTeam', teamId: 'T1' },
      { kind: 'deleteTeam', teamId: 'T2' },
      { kind: 'leaveTeam', teamId: 'T3' },
      ...TAIL.map((kind) => ({ kind })),
    ]);
  });

  it('for a member of every role but owner, leaves the team rather than deleting it', () => {
    for (const uid of ['admin', 'full', 'viewer']) {
      const plan = planDeletion(uid, [{ id: 'T1', team: team() }]);
      expect(plan.ownedTeams).toEqual([]);
      expect(plan.steps[HEAD.length]).toEqual({ kind: 'leaveTeam', teamId: 'T1' });
    }
  });

  it('goes on deleting an owned team already marked deleting (an interrupted call)', () => {
    expect(planDeletion('owner', [{ id: 'T1', team: team({ deleting: true }) }]).steps[HEAD.length]).toEqual({ kind: 'deleteTeam', teamId: 'T1' });
  });

  it('leaves alone a joined team its owner is deleting, and a team the user is not in', () => {
    const plan = planDeletion('admin', [
      { id: 'T1', team: team({ deleting: true }) },
      { id: 'T2', team: team({ memberIds: ['owner'] }) },
    ]);
    expect(plan.joinedTeams).toEqual([]);
    expect(kinds(plan.steps)).toEqual([...HEAD, ...TAIL]);
  });

  it('with no teams, removes only the user’s own data', () => {
    expect(kinds(planDeletion('u', []).steps)).toEqual([...HEAD, ...TAIL]);
  });

  it('marks the uid deleted first and ends billing before any data goes, so a Stripe failure leaves the data', () => {
    const steps = kinds(planDeletion('owner', [{ id: 'T1', team: team() }]).steps);
    expect(steps.slice(0, 3)).toEqual(['tombstone', 'subscription', 'deleteTeam']);
  });

  it('removes the billing records after the user record (a webhook until then may write one) and revokes the tokens just before the Auth user goes', () => {
    const steps = kinds(planDeletion('u', []).steps);
    expect(steps.indexOf('billingRecords')).toBeGreaterThan(steps.indexOf('userRecord'));
    expect(steps.indexOf('emailChanges')).toBeLessThan(steps.indexOf('authUser'));
    expect(steps.slice(-2)).toEqual(['revokeTokens', 'authUser']);
  });
});

describe('decideAccountLeave', () => {
  it('is leaveTeam’s change: the member goes, rotationNeeded is set, the id leaves their teamIds', () => {
    const outcome = decideAccountLeave(team(), 'full', NOW);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.value === null) throw new Error('expected a change');
    expect(outcome.value.patch.memberIds).toEqual(['owner', 'admin', 'viewer']);
    expect(Object.keys(outcome.value.patch.members ?? {})).toEqual(['owner', 'admin', 'viewer']);
    expect(outcome.value.patch.rotationNeeded).toBe(true);
    expect(outcome.value.removeTeamIdFor).toEqual(['full']);
  });

  it('has nothing to do when the team is gone, the user already left, or the owner is deleting it', () => {
    expect(decideAccountLeave(null, 'full', NOW)).toEqual({ ok: true, value: null });
    expect(decideAccountLeave(team({ memberIds: ['owner'] }), 'full', NOW)).toEqual({ ok: true, value: null });
    expect(decideAccountLeave(team({ deleting: true }), 'full', NOW)).toEqual({ ok: true, value: null });
  });

  it('refuses the owner: an owned team is deleted, never left without its owner', () => {
    expect(decideAccountLeave(team(), 'owner', NOW)).toMatchObject({ ok: false, code: 'permission-denied' });
  });
});
