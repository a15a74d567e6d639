import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, type PrivateKey, type VaultKey } from '../../../src/crypto';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import { RotationIncompleteError, createTeamMembersApi, detailOf } from '../../../src/features/teams/membersApi';
import type { RotationProgress } from '../../../src/features/teams/rotation';
import { PublicKeyChangedError, openTeamKey } from '../../../src/features/teams/teamKeys';
import { createTeamsApi } from '../../../src/features/teams/teamService';
import { teamWorld } from '../../doubles/teamWorld';
import { forgedSealed } from '../../support/forgedCiphertext';

type Name = 'ana' | 'bob' | 'cid';
interface Person {
  readonly uid: string;
  readonly email: string;
  readonly vaultKey: VaultKey;
  readonly privateKey: PrivateKey;
  readonly publicKey: string;
}

const people = {} as Record<Name, Person>;
let otherPublicKey: string;
beforeAll(async () => {
  for (const name of ['ana', 'bob', 'cid'] as const) {
    const account = await createAccountKeys(`${name} master password`);
    people[name] = { uid: name, email: `${name}@example.com`, vaultKey: account.vaultKey, privateKey: account.privateKey, publicKey: account.stored.publicKey };
  }
  otherPublicKey = (await createAccountKeys('someone else')).stored.publicKey;
});

/** One in-memory "server" and the members API as each person sees it. */
function world() {
  const { teams, publicKeys, functions, invitations, invitationFunctions, deps, join, joinNeedingKey, actAs } = teamWorld(people, () => 5_000);
  const as = (name: Name) => createTeamMembersApi(deps(name));
  async function teamOfAna(): Promise<string> {
    await createTeamsApi(deps('ana')).create({ name: 'Ops' });
    const [team] = await teams.listForMember('ana');
    if (!team) throw new Error('no team');
    return team.id;
  }
  return { teams, publicKeys, functions, invitations, invitationFunctions, as, deps, join, joinNeedingKey, actAs, teamOfAna };
}

describe('detailOf', () => {
  const member = (userId: string, role: StoredTeam['members'][string]['role'], email: string | null, needsTeamKey = false) => ({
    userId,
    role,
    email,
    joinedAt: 10,
    encryptedTeamKey: needsTeamKey ? null : forgedSealed<'team-key-wrap'>('wrapped'),
    needsTeamKey,
  });
  const team: StoredTeam = {
    name: 'Ops',
    ownerId: 'o',
    createdAt: 1,
    updatedAt: 1,
    memberIds: ['z', 'o', 'a', 'n'],
    members: {
      z: member('z', 'view', 'zed@example.com', true),
      o: member('o', 'owner', 'owner@example.com'),
      a: member('a', 'admin', 'amy@example.com'),
      n: member('n', 'full', null),
    },
    keyVersion: 1,
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
  };

  it('lists the owner first, then by email (no address last), and marks the signed-in user', () => {
    const detail = detailOf('a', 'team-1', team);
    expect(detail?.members.map((m) => m.uid)).toEqual(['o', 'a', 'z', 'n']);
    expect(detail?.members.find((m) => m.uid === 'a')?.isMe).toBe(true);
    expect(detail?.members.filter((m) => m.isMe)).toHaveLength(1);
    expect(detail).toMatchObject({ id: 'team-1', name: 'Ops', ownerId: 'o', myRole: 'admin', iHoldKey: true, rotationPending: false });
    expect(detail?.members[2]).toEqual({ uid: 'z', email: 'zed@example.com', role: 'view', needsKey: true, joinedAt: 10, isMe: false });
  });

  it('says whether the user holds the key and whether a rotation is pending', () => {
    expect(detailOf('z', 't', team)?.iHoldKey).toBe(false);
    expect(detailOf('o', 't', { ...team, rotationNeeded: true })?.rotationPending).toBe(true);
    expect(detailOf('o', 't', { ...team, previousKey: { version: 1, sealed: forgedSealed('s') } })?.rotationPending).toBe(true);
  });

  it('is null for a non-member and for a team being deleted', () => {
    expect(detailOf('stranger', 't', team)).toBeNull();
    expect(detailOf('o', 't', { ...team, deleting: true })).toBeNull();
  });
});

describe('the members API over the team service', () => {
  it('invites an address without learning whether it has an account; accepted without the link, the owner grants the key after the fingerprint', async () => {
    const w = world();
    const teamId = await w.teamOfAna();
    const step = await w.as('ana').invite(teamId, '  BOB@example.com ', 'view');
    // Bob has an account, but the invitation is made as for anyone: the key goes under a link secret.
    if (step.kind !== 'link') throw new Error(`unexpected step ${step.kind}`);
    expect((await w.invitations.get(step.inviteId))?.data).toMatchObject({
      email: 'bob@example.com',
      userExists: false,
      userId: null,
      encryptedTeamKey: null,
      keyVersion: 1,
    });
    expect((await w.invitations.get(step.inviteId))?.data.encryptedTeamKeyWithSecret).not.toBeNull();
    expect(w.invitationFunctions.calls.find((call) => call.name === 'inviteTeamMember')).toBeDefined();
    expect((await w.as('ana').listInvitations(teamId)).map((invitation) => invitation.email)).toEqual(['bob@example.com']);
    // Not a member until they accept.
    expect((await w.as('ana').load(teamId)).members).toHaveLength(1);

    w.actAs('bob');
    await w.invitationFunctions.acceptInvitation({ inviteId: step.inviteId });
    // The invitation's copy of the key is gone once it is answered.
    expect((await w.invitations.get(step.inviteId))?.data).toMatchObject({ status: 'accepted', encryptedTeamKeyWithSecret: null, encryptedTeamKey: null });
    expect((await w.as('ana').load(teamId)).members.map((m) => [m.email, m.role, m.needsKey])).toEqual([
      ['ana@example.com', 'owner', false],
      ['bob@example.com', 'view', true],
    ]);
    expect(await w.as('ana').listInvitations(teamId)).toEqual([]);

    const recipient = await w.as('ana').prepareGrant(teamId, 'bob');
    expect(recipient).toMatchObject({ userId: 'bob', email: 'bob@example.com', seenBefore: false });
    expect(recipient.fingerprint.shown).toMatch(/^([0-9a-f]{4} ){7}[0-9a-f]{4}$/);
    await w.as('ana').grant(teamId, recipient);
    const team = await w.teams.get(teamId);
    expect((await openTeamKey(team!, teamId, 'bob', people.bob)).kind).toBe('team');
    // Next time, the key is the one remembered.
    expect((await w.as('ana').prepareGrant(teamId, 'bob')).seenBefore).toBe(true);
  });

  it('cancelling an invitation that carried the key removes it and marks the team key for rotation', async () => {
    const w = world();
    const teamId = await w.teamOfAna();
    const step = await w.as('ana').invite(teamId, 'bob@example.com', 'full');
    expect((await w.teams.get(teamId))?.rotationNeeded).toBe(false);
    await w.as('ana').cancelInvitation(teamId, step.inviteId);
    expect(await w.invitations.get(step.inviteId)).toBeNull();
    expect(await w.as('ana').listInvitations(teamId)).toEqual([]);
    expect((await w.teams.get(teamId))?.rotationNeeded).toBe(true);
  });

  it('passes the server’s refusals through', async () => {
    const w = world();
    const teamId = await w.teamOfAna();
    await expect(w.as('ana').invite(teamId, 'ana@example.com', 'view')).rejects.toThrow('This email address is already a member of the team');
    await w.as('ana').invite(teamId, 'new@example.com', 'view');
    await expect(w.as('ana').invite(teamId, 'NEW@example.com', 'view')).rejects.toThrow('An invitation has already been sent to this email address');
  });

  it('refuses a changed key before anything is wrapped for the member', async () => {
    const w = world();
    const first = await w.teamOfAna();
    await w.join(first, 'ana', 'bob', 'full');
    await createTeamsApi(w.deps('ana')).create({ name: 'Second' });
    const second = (await w.teams.listForMember('ana')).find((team) => team.data.name === 'Second')!.id;
    w.publicKeys.replace('bob', otherPublicKey);
    const step = await w.as('ana').invite(second, 'bob@example.com', 'view');
    w.actAs('bob');
    await w.invitationFunctions.acceptInvitation({ inviteId: step.inviteId });
    await expect(w.as('ana').prepareGrant(second, 'bob')).rejects.toThrow(PublicKeyChangedError);
    expect((await w.teams.get(second))?.members.bob).toMatchObject({ needsTeamKey: true, encryptedTeamKey: null });
  });

  it('grants the key to a member who needs it, changes roles, and an admin manages too', async () => {
    const w = world();
    const teamId = await w.teamOfAna();
    const ana = w.as('ana');
    await w.join(teamId, 'ana', 'bob', 'admin');
    // cid joins without the key (an invitation that came without one).
    await w.joinNeedingKey(teamId, 'cid', 'view');
    expect((await ana.load(teamId)).members.find((m) => m.uid === 'cid')?.needsKey).toBe(true);

    const bob = w.as('bob');
    await bob.grant(teamId, await bob.prepareGrant(teamId, 'cid'));
    await bob.changeRole(teamId, 'cid', 'full');
    const detail = await bob.load(teamId);
    expect(detail.myRole).toBe('admin');
    expect(detail.members.find((m) => m.uid === 'cid')).toMatchObject({ role: 'full', needsKey: false });
    await expect(bob.changeRole(teamId, 'ana', 'view')).rejects.toThrow('Cannot change the owner role');
  });

  it('removes a member and rotates the key, with progress', async () => {
    const w = world();
    const teamId = await w.teamOfAna();
    const ana = w.as('ana');
    await w.join(teamId, 'ana', 'bob', 'view');
    const progress: RotationProgress[] = [];
    await ana.remove(teamId, 'bob', (step) => progress.push(step));
    const team = await w.teams.get(teamId);
    expect(team).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null, memberIds: ['ana'] });
    expect(progress[0]?.phase).toBe('rotating');
    expect(progress.at(-1)?.phase).toBe('done');
  });

  it('tells a removal whose rotation failed from a refused removal, and finishes the rotation later', async () => {
    const w = world();
    const teamId = await w.teamOfAna();
    const ana = w.as('ana');
    await w.join(teamId, 'ana', 'bob', 'view');
    await expect(ana.remove(teamId, 'ana')).rejects.toThrow('Cannot remove the team owner');

    w.functions.failNextRotation = true;
    const failure = await ana.remove(teamId, 'bob').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RotationIncompleteError);
    expect((failure as Error).message).toBe('network error');
    expect((await ana.load(teamId)).rotationPending).toBe(true);

    await ana.finishPendingRotation(teamId);
    const detail = await ana.load(teamId);
    expect(detail.rotationPending).toBe(false);
    expect((await w.teams.get(teamId))?.keyVersion).toBe(2);
  });

  it('lets a member leave; the team is then gone for them', async () => {
    const w = world();
    const teamId = await w.teamOfAna();
    const ana = w.as('ana');
    await w.join(teamId, 'ana', 'bob', 'view');
    await w.as('bob').leave(teamId);
    await expect(w.as('bob').load(teamId)).rejects.toThrow('This team does not exist or has been deleted.');
    expect((await ana.load(teamId)).rotationPending).toBe(true);
  });
});
