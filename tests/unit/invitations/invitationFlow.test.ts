// An invitation to someone without an account, end to end over the in-memory server: the owner's
// browser attaches the team key under a fresh link secret; the invitee, once signed up, opens it
// with the link, stores it as a pending team key for their own public key, and accepts with the
// link's proof. The server-side checks are the emulator tier's (tests/emulator/invitations).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountKeys,
  exportPublicKey,
  inviteTeamKeyContext,
  importInviteKey,
  unwrapTeamKeyWithInvite,
  type PrivateKey,
  type VaultKey,
} from '../../../src/crypto';
import type { StoredUserRecord } from '../../../src/data/users/userRecord';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { DAMAGED_LINK_MESSAGE, createAcceptInviteApi, createMyInvitationsApi } from '../../../src/features/invitations/invitationService';
import { secretOfLink } from '../../../src/features/teams/teamInvitations';
import { createTeamMembersApi } from '../../../src/features/teams/membersApi';
import { openTeamKey } from '../../../src/features/teams/teamKeys';
import { createTeamsApi } from '../../../src/features/teams/teamService';
import { SIGNED_OUT } from '../../doubles/fakeInvitationFunctions';
import { teamWorld } from '../../doubles/teamWorld';
import { forgedSealed } from '../../support/forgedCiphertext';

interface Person {
  readonly uid: string;
  readonly email: string;
  readonly vaultKey: VaultKey;
  readonly privateKey: PrivateKey;
  readonly publicKey: string;
}

let ana: Person;
let newcomer: { keys: Awaited<ReturnType<typeof createAccountKeys>>; uid: string; email: string };
beforeAll(async () => {
  const keys = await createAccountKeys('ana master password');
  ana = { uid: 'ana', email: 'ana@example.com', vaultKey: keys.vaultKey, privateKey: keys.privateKey, publicKey: keys.stored.publicKey };
  newcomer = { keys: await createAccountKeys('newcomer master password'), uid: 'new', email: 'new@example.com' };
});

function record(publicKey: string): StoredUserRecord {
  return {
    email: newcomer.email,
    encryptionSalt: 'c2FsdA==',
    kdf: { algorithm: 'PBKDF2-SHA256', iterations: 600_000 },
    publicKey,
    encryptedPrivateKey: forgedSealed('x'),
    wrappedVaultKey: forgedSealed('x'),
    masterPasswordTest: forgedSealed('x'),
    authProvider: 'password',
    createdAt: 1,
    updatedAt: 1,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: {
      id: null,
      customerId: null,
      status: 'trialing',
      planId: 'unlimited',
      planName: 'Unlimited',
      currentPeriodStart: 1,
      currentPeriodEnd: 2,
      cancelAtPeriodEnd: true,
      trialStart: 1,
      trialEnd: 2,
      isFreeTrialOnly: true,
      updatedAt: 1,
    },
  };
}

/** Ana's team, the invitation of an address without an account, and the link her browser made. */
async function invited() {
  const world = teamWorld({ ana });
  await createTeamsApi(world.deps('ana')).create({ name: 'Ops' });
  const [team] = await world.teams.listForMember('ana');
  const teamId = team!.id;
  const step = await createTeamMembersApi(world.deps('ana')).invite(teamId, newcomer.email, 'full');
  if (step.kind !== 'link') throw new Error(`unexpected step ${step.kind}`);
  // The newcomer signs up: an account the fake server knows, not verified, and their user record.
  world.users.replace(newcomer.uid, record(await exportPublicKey(newcomer.keys.publicKey)));
  world.invitationFunctions.addAccount({ uid: newcomer.uid, email: newcomer.email, verified: false });
  const deps = {
    invitations: world.invitations,
    functions: world.invitationFunctions,
    users: world.users,
    currentUser: () => {
      world.actAsUid(newcomer.uid);
      return { uid: newcomer.uid, email: newcomer.email };
    },
    refreshIdToken: () => Promise.resolve(),
    now: () => Date.now(),
  };
  return { world, teamId, step, deps };
}

describe('inviting someone without an account', () => {
  it('attaches the team key under a secret that only the link carries, with the proof hash', async () => {
    const { world, teamId, step } = await invited();
    expect(step.link).toMatch(new RegExp(`^https://keyloft\\.test/accept-invite\\?inviteId=${step.inviteId}#secret=[A-Za-z0-9_-]{43}$`));
    const secret = secretOfLink(step.link)!;
    const stored = (await world.invitations.get(step.inviteId))!.data;
    expect(stored).toMatchObject({ userExists: false, keyVersion: 1, encryptedTeamKey: null });
    expect(JSON.stringify(stored)).not.toContain(secret);
    // The wrap opens with the link's secret to the team's key, and is bound to this invitation.
    const fromLink = await unwrapTeamKeyWithInvite(stored.encryptedTeamKeyWithSecret!, await importInviteKey(secret), inviteTeamKeyContext(step.inviteId));
    const teamKey = await openTeamKey((await world.teams.get(teamId))!, teamId, 'ana', ana);
    const raw = async (key: CryptoKey) => new Uint8Array(await crypto.subtle.exportKey('raw', key));
    expect(await raw(fromLink.key)).toEqual(await raw(teamKey.key));
    await expect(
      unwrapTeamKeyWithInvite(stored.encryptedTeamKeyWithSecret!, await importInviteKey(secret), inviteTeamKeyContext('another')),
    ).rejects.toThrow();
    // Nothing was emailed until the owner chooses to.
    expect(world.invitationFunctions.emails).toEqual([]);
    await createTeamMembersApi(world.deps('ana')).emailInvitation(step.inviteId, step.link);
    expect(world.invitationFunctions.emails).toEqual([{ to: newcomer.email, inviteId: step.inviteId, link: `https://keyloft.test/accept-invite?inviteId=${step.inviteId}#secret=${secret}` }]);
  });

  it('after sign-up, the link stores the pending key and the proof accepts: the member reads at once', async () => {
    const { world, teamId, step, deps } = await invited();
    const api = createAcceptInviteApi(deps);
    // The newcomer has not verified the address yet: it counts as no account (docs/invitations.md).
    expect(await api.lookup(step.inviteId)).toEqual({ email: newcomer.email, teamName: 'Ops', accountExists: false });

    await api.accept(step.inviteId, secretOfLink(step.link));
    const team = (await world.teams.get(teamId))!;
    expect(team.members[newcomer.uid]).toMatchObject({ role: 'full', needsTeamKey: false });
    const theirs = await openTeamKey(team, teamId, newcomer.uid, { vaultKey: newcomer.keys.vaultKey, privateKey: newcomer.keys.privateKey });
    const mine = await openTeamKey(team, teamId, 'ana', ana);
    const raw = async (key: CryptoKey) => new Uint8Array(await crypto.subtle.exportKey('raw', key));
    expect(await raw(theirs.key)).toEqual(await raw(mine.key));
    // The pending key moved into the membership; the invitation is used up.
    expect((await world.users.get(newcomer.uid))?.pendingTeamKeys).toEqual({});
    expect((await world.invitations.get(step.inviteId))?.data).toMatchObject({ status: 'accepted', encryptedTeamKeyWithSecret: null });
    // The link opened again by someone signed out (the server answers a signed-in member that they
    // are in the team already): it is used up.
    world.actAsUid(SIGNED_OUT);
    await expect(api.lookup(step.inviteId)).rejects.toThrow(INVITATION_MESSAGES.notValid);
  });

  it('a damaged link changes nothing', async () => {
    const { world, teamId, step, deps } = await invited();
    const secret = secretOfLink(step.link)!;
    const other = secret.startsWith('A') ? `B${secret.slice(1)}` : `A${secret.slice(1)}`;
    await expect(createAcceptInviteApi(deps).accept(step.inviteId, other)).rejects.toThrow(DAMAGED_LINK_MESSAGE);
    await expect(createAcceptInviteApi(deps).accept(step.inviteId, 'short')).rejects.toThrow(DAMAGED_LINK_MESSAGE);
    expect((await world.teams.get(teamId))?.members[newcomer.uid]).toBeUndefined();
    expect((await world.users.get(newcomer.uid))?.pendingTeamKeys).toEqual({});
    expect((await world.invitations.get(step.inviteId))?.data.status).toBe('pending');
  });

  it('without the link, an unverified address cannot accept or decline; a session known to be unverified lists nothing (the rules refuse that query)', async () => {
    const { world, teamId, step, deps } = await invited();
    const mine = createMyInvitationsApi(deps);
    expect((await mine.list()).map((invitation) => [invitation.teamName, invitation.role, invitation.invitedByEmail])).toEqual([
      ['Ops', 'full', 'ana@example.com'],
    ]);
    // The rules refuse the query by an unverified token: `refusals` times, then the query passes.
    let refreshed = 0;
    const refusing = (refusals: number, emailVerified: boolean, authVerified?: boolean) =>
      createMyInvitationsApi({
        ...deps,
        currentUser: () => ({ ...deps.currentUser(), emailVerified }),
        ...(authVerified === undefined ? {} : { authVerified: () => Promise.resolve(authVerified) }),
        refreshIdToken: () => {
          refreshed += 1;
          return Promise.resolve();
        },
        invitations: Object.assign(Object.create(deps.invitations) as typeof deps.invitations, {
          listPendingForEmail: (address: string) =>
            refusals-- > 0 ? Promise.reject(new Error('permission-denied')) : deps.invitations.listPendingForEmail(address),
        }),
      });
    // Verified, but the ID token was made before: a fresh token passes.
    expect((await refusing(1, true).list()).map((invitation) => invitation.teamName)).toEqual(['Ops']);
    expect(refreshed).toBe(1);
    // A session that says unverified lists nothing, asks nothing and makes no new token (a new
    // token restarts Firestore's listen stream, and every listener on it).
    const unverified = refusing(0, false);
    expect(await unverified.list()).toEqual([]);
    expect(refreshed).toBe(1);
    expect(await refusing(0, false, false).list()).toEqual([]);
    expect(refreshed).toBe(1);
    // The session's copy of the user still says unverified, Auth's own user says verified (the
    // link was applied in this browser): it asks, with a fresh token once refused.
    expect((await refusing(1, false, true).list()).map((invitation) => invitation.teamName)).toEqual(['Ops']);
    expect(refreshed).toBe(2);
    await expect(refusing(2, true).list()).rejects.toThrow('permission-denied');
    expect(refreshed).toBe(3);
    await expect(mine.accept(step.inviteId)).rejects.toThrow(INVITATION_MESSAGES.verifyFirst);
    expect((await world.teams.get(teamId))?.members[newcomer.uid]).toBeUndefined();
    await expect(mine.decline(step.inviteId)).rejects.toThrow(INVITATION_MESSAGES.verifyFirst);
  });

  it('the owner cancels: the link then leads nowhere', async () => {
    const { world, teamId, step, deps } = await invited();
    const members = createTeamMembersApi(world.deps('ana'));
    expect((await members.listInvitations(teamId)).map((invitation) => invitation.email)).toEqual([newcomer.email]);
    await members.cancelInvitation(teamId, step.inviteId);
    expect(await members.listInvitations(teamId)).toEqual([]);
    await expect(createAcceptInviteApi(deps).lookup(step.inviteId)).rejects.toThrow(INVITATION_MESSAGES.notFound);
  });
});
