// One behaviour for the invitation callables (docs/invitations.md), run against the in-memory fake
// of the unit and component tiers (tests/unit/invitations/invitationCallables.test.ts) and against
// the deployed functions on the emulators (tests/emulator/invitations/callableContract.test.ts), so
// the fake the screens are tested over cannot drift from the server: who may invite, look up,
// accept, decline and cancel, with the server's own messages, and what is stored afterwards.
import { describe, expect, it } from 'vitest';
import type { InvitationFunctions, StoredInvitation } from '../../src/data/invitations/storedInvitations';
import type { StoredTeam } from '../../src/data/teams/storedTeams';
import { RECIPIENT_CAP_MESSAGE } from '@keyloft/contract/emailAddress';
import { EMAILS_PER_INVITATION, INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { PERMISSION_MESSAGES, type TeamRole } from '@keyloft/contract/teamPermissions';
import { INVITE_CALLABLE_MESSAGES, invitationCreatedMessage } from '../../functions/src/invitations/messages';

export interface InvitationPerson {
  readonly uid: string;
  /** The account's address, as the invitation should name it. */
  readonly email: string;
  /** The invitation callables as this person calls them. */
  readonly functions: InvitationFunctions;
}

export interface SeededInvitationTeam {
  readonly teamId: string;
  /** The uid of the member seeded under `label`. */
  uid(label: string): string;
  /** The invitation callables as the member under `label` calls them. */
  as(label: string): InvitationFunctions;
  /** The team as stored now. */
  read(): Promise<StoredTeam | null>;
  /** The invitation as stored now, or null when there is none. */
  invitation(inviteId: string): Promise<StoredInvitation | null>;
  /** What the owner's browser does for a link: the team key attached under a link secret. */
  attachLinkKey(inviteId: string): Promise<void>;
}

export interface InvitationCallableWorld {
  /** A team named 'Ops' whose members (by label) hold these roles, each with the key; exactly one owner. */
  seedTeam(roles: Readonly<Record<string, TeamRole>>): Promise<SeededInvitationTeam>;
  /** Someone with an account and a user record, outside any team; `verified`: the address is proven. */
  person(label: string, verified: boolean): Promise<InvitationPerson>;
  /** The callables with nobody signed in (the accept page before sign-in). */
  signedOut(): InvitationFunctions;
}

/** An address nobody has an account with, in mixed case as a person might type it. */
function freshAddress(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@Example.COM`;
}

const UNKNOWN_INVITE_ID = 'NoSuchInvitation0000';

export function invitationCallableContract(makeWorld: () => Promise<InvitationCallableWorld>): void {
  describe('invitation callables contract', () => {
    it('the owner invites an address: a pending invitation for it, lower-cased, with the role; the same address again is refused', async () => {
      const team = await (await makeWorld()).seedTeam({ ana: 'owner', bob: 'full' });
      const email = freshAddress('new');
      const result = await team.as('ana').inviteTeamMember({ email, teamId: team.teamId, role: 'view' });
      expect(result.message).toBe(invitationCreatedMessage(email.toLowerCase()));
      expect(await team.invitation(result.inviteId)).toMatchObject({
        email: email.toLowerCase(),
        teamId: team.teamId,
        teamName: 'Ops',
        role: 'view',
        status: 'pending',
        invitedBy: team.uid('ana'),
        encryptedTeamKey: null,
        encryptedTeamKeyWithSecret: null,
      });
      await expect(team.as('ana').inviteTeamMember({ email, teamId: team.teamId, role: 'full' })).rejects.toThrow(INVITATION_MESSAGES.alreadyInvited);
    });

    it('only the owner invites, never someone already in the team, and an outsider is answered as not a member', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner', ada: 'admin', bob: 'full' });
      const { teamId } = team;
      const email = freshAddress('new');
      await expect(team.as('ada').inviteTeamMember({ email, teamId, role: 'view' })).rejects.toThrow(PERMISSION_MESSAGES.onlyOwnerAddsMembers);
      await expect(team.as('bob').inviteTeamMember({ email, teamId, role: 'view' })).rejects.toThrow(PERMISSION_MESSAGES.onlyOwnerAddsMembers);
      const bobsAddress = (await team.read())?.members[team.uid('bob')]?.email ?? '';
      await expect(team.as('ana').inviteTeamMember({ email: bobsAddress, teamId, role: 'view' })).rejects.toThrow(PERMISSION_MESSAGES.alreadyMember);
      const stranger = await world.person('zed', true);
      await expect(stranger.functions.inviteTeamMember({ email, teamId, role: 'view' })).rejects.toThrow(PERMISSION_MESSAGES.notMember);
    });

    it('a lookup shows anyone holding the id the address and team, and whether a verified account has the address', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner' });
      const invite = async (email: string) => (await team.as('ana').inviteTeamMember({ email, teamId: team.teamId, role: 'full' })).inviteId;
      const verified = await world.person('bo', true);
      const unverified = await world.person('cy', false);
      const nobody = freshAddress('nobody');
      const anyone = world.signedOut();
      expect(await anyone.lookupInvitation({ inviteId: await invite(verified.email) })).toEqual({ email: verified.email, teamName: 'Ops', accountExists: true });
      // An address registered without being proven counts as no account.
      expect(await anyone.lookupInvitation({ inviteId: await invite(unverified.email) })).toEqual({ email: unverified.email, teamName: 'Ops', accountExists: false });
      expect(await anyone.lookupInvitation({ inviteId: await invite(nobody) })).toEqual({ email: nobody.toLowerCase(), teamName: 'Ops', accountExists: false });
      await expect(anyone.lookupInvitation({ inviteId: UNKNOWN_INVITE_ID })).rejects.toThrow(INVITATION_MESSAGES.notFound);
    });

    it('the invited, verified address accepts: a member with the role who needs the key, the invitation accepted; a retry succeeds', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner' });
      const invitee = await world.person('bo', true);
      const { inviteId } = await team.as('ana').inviteTeamMember({ email: invitee.email, teamId: team.teamId, role: 'full' });
      expect(await invitee.functions.acceptInvitation({ inviteId })).toEqual({ success: true, teamId: team.teamId });
      const after = await team.read();
      expect(after?.memberIds).toEqual([team.uid('ana'), invitee.uid]);
      expect(after?.members[invitee.uid]).toMatchObject({ userId: invitee.uid, role: 'full', email: invitee.email, encryptedTeamKey: null, needsTeamKey: true });
      expect(await team.invitation(inviteId)).toMatchObject({ status: 'accepted' });
      // The reply was lost and the browser asks again: the same answer, nothing added twice.
      expect(await invitee.functions.acceptInvitation({ inviteId })).toEqual({ success: true, teamId: team.teamId });
      expect((await team.read())?.memberIds).toHaveLength(2);
    });

    it('refuses an accept from another account, and from an unproven address without the link, changing nothing', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner' });
      const invitee = await world.person('bo', true);
      const other = await world.person('cy', true);
      const unproven = await world.person('di', false);
      const invite = async (email: string) => (await team.as('ana').inviteTeamMember({ email, teamId: team.teamId, role: 'view' })).inviteId;
      const forInvitee = await invite(invitee.email);
      await expect(other.functions.acceptInvitation({ inviteId: forInvitee })).rejects.toThrow(INVITATION_MESSAGES.wrongAccount);
      const forUnproven = await invite(unproven.email);
      await expect(unproven.functions.acceptInvitation({ inviteId: forUnproven })).rejects.toThrow(INVITATION_MESSAGES.verifyFirst);
      await expect(invitee.functions.acceptInvitation({ inviteId: UNKNOWN_INVITE_ID })).rejects.toThrow(INVITATION_MESSAGES.notFound);
      expect((await team.read())?.memberIds).toEqual([team.uid('ana')]);
      expect([(await team.invitation(forInvitee))?.status, (await team.invitation(forUnproven))?.status]).toEqual(['pending', 'pending']);
    });

    it('the invitee declines: the invitation is declined and can no longer be accepted; declining again succeeds', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner' });
      const invitee = await world.person('bo', true);
      const { inviteId } = await team.as('ana').inviteTeamMember({ email: invitee.email, teamId: team.teamId, role: 'view' });
      await invitee.functions.declineInvitation({ inviteId });
      expect(await team.invitation(inviteId)).toMatchObject({ status: 'declined' });
      await invitee.functions.declineInvitation({ inviteId });
      await expect(invitee.functions.acceptInvitation({ inviteId })).rejects.toThrow(INVITATION_MESSAGES.notValid);
      expect((await team.read())?.memberIds).toEqual([team.uid('ana')]);
    });

    it('owners and admins cancel; a full member may not; cancelling an invitation that carried the key sets the key to be rotated', async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner', ada: 'admin', bob: 'full' });
      const { inviteId } = await team.as('ana').inviteTeamMember({ email: freshAddress('new'), teamId: team.teamId, role: 'view' });
      await team.attachLinkKey(inviteId);
      await expect(team.as('bob').cancelInvitation({ inviteId })).rejects.toThrow(INVITE_CALLABLE_MESSAGES.onlyManagersCancel);
      expect(await team.invitation(inviteId)).toMatchObject({ status: 'pending' });
      await team.as('ada').cancelInvitation({ inviteId });
      expect(await team.invitation(inviteId)).toBeNull();
      expect((await team.read())?.rotationNeeded).toBe(true);
      await expect(world.signedOut().lookupInvitation({ inviteId })).rejects.toThrow(INVITATION_MESSAGES.notFound);
    });

    it("an invitation sends at most its own count of emails, and an address at most three invitation emails a day, whichever invitation sends them", async () => {
      const world = await makeWorld();
      const team = await world.seedTeam({ ana: 'owner' });
      const email = freshAddress('capped');
      const first = await team.as('ana').inviteTeamMember({ email, teamId: team.teamId, role: 'view' });
      for (let sent = 0; sent < EMAILS_PER_INVITATION; sent += 1) await team.as('ana').sendInvitationEmailWithSecret({ inviteId: first.inviteId });
      await expect(team.as('ana').sendInvitationEmailWithSecret({ inviteId: first.inviteId })).rejects.toThrow(INVITATION_MESSAGES.tooManyEmails);
      // Cancelling and inviting again starts a new invitation's count, not the address's.
      await team.as('ana').cancelInvitation({ inviteId: first.inviteId });
      const second = await team.as('ana').inviteTeamMember({ email, teamId: team.teamId, role: 'view' });
      await expect(team.as('ana').sendInvitationEmailWithSecret({ inviteId: second.inviteId })).rejects.toThrow(RECIPIENT_CAP_MESSAGE);
      expect(await team.invitation(second.inviteId)).toMatchObject({ emailsSent: 0 });
    });
  });
}
