// A stand-in for the invitation callables over the in-memory repositories, doing what
// docs/invitations.md says the server does, for the feature's unit and component tests. The
// callables themselves are tested on the emulators (tests/emulator/invitations).
import { base64UrlToBytes, bytesToBase64Url } from '../../src/crypto';
import type { InvitationFunctions, InvitationPreview, InviteResult, StoredInvitation } from '../../src/data/invitations/storedInvitations';
import type { StoredTeam } from '../../src/data/teams/storedTeams';
import { INVITATION_MESSAGES, INVITATION_TTL_MS, isInvitationOpen, normalizeEmail, type InviteRole } from '@keyloft/contract/invitations';
import { invitationLink } from '@keyloft/contract/inviteLink/build';
import { decideAddMember } from '@keyloft/contract/teamPermissions';
import { WITHOUT_KEY, carriedKey, decideCancel, decideDecline } from '../../functions/src/invitations/decide';
import type { Caller } from '../../functions/src/lib/callable';
import type { MemoryInvitationRepository } from './memoryInvitationRepository';
import type { MemoryTeamRepository } from './memoryTeamRepositories';
import type { MemoryUserRepository } from './memoryUserRepository';

export interface InvitationAccount {
  readonly uid: string;
  readonly email: string;
  /** The token's email_verified; a caller without it needs the link's proof. */
  readonly verified?: boolean;
}

export interface SentInvitationEmail {
  readonly to: string;
  readonly inviteId: string;
  readonly link: string;
}

async function sha256Url(proof: string): Promise<string> {
  return bytesToBase64Url(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', base64UrlToBytes(proof))));
}

export class FakeInvitationFunctions implements InvitationFunctions {
  readonly calls: { name: string; input: unknown }[] = [];
  readonly emails: SentInvitationEmail[] = [];
  private nextId = 1;

  constructor(
    private readonly as: () => string,
    private readonly invitations: MemoryInvitationRepository,
    private readonly teams: MemoryTeamRepository,
    private readonly users: MemoryUserRepository,
    private readonly accounts: InvitationAccount[],
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** An account made after the world (a sign-up from an invitation). */
  addAccount(account: InvitationAccount): void {
    this.accounts.push(account);
  }

  private account(uid: string): InvitationAccount | undefined {
    return this.accounts.find((account) => account.uid === uid);
  }

  private async team(teamId: string): Promise<StoredTeam> {
    const team = await this.teams.get(teamId);
    if (team === null || team.deleting) throw new Error(INVITATION_MESSAGES.notValid);
    return team;
  }

  private async open(inviteId: string): Promise<StoredInvitation> {
    const found = await this.invitations.get(inviteId);
    if (found === null) throw new Error(INVITATION_MESSAGES.notFound);
    if (!isInvitationOpen(found.data, this.now())) throw new Error(INVITATION_MESSAGES.notValid);
    await this.team(found.data.teamId);
    return found.data;
  }

  async inviteTeamMember(input: { email: string; teamId: string; role: InviteRole }): Promise<InviteResult> {
    this.calls.push({ name: 'inviteTeamMember', input });
    const email = normalizeEmail(input.email);
    const team = await this.team(input.teamId);
    const uid = this.as();
    const alreadyMember = Object.values(team.members).some((member) => member.email === email);
    const decision = decideAddMember(team.members[uid]?.role ?? 'none', input.role, alreadyMember);
    if (!decision.ok) throw new Error(decision.message);
    const pending = await this.invitations.listPendingForTeam(input.teamId);
    if (pending.some(({ data }) => data.email === email && isInvitationOpen(data, this.now()))) throw new Error(INVITATION_MESSAGES.alreadyInvited);
    const inviteId = `invite${String(this.nextId++)}`;
    const createdAt = this.now();
    this.invitations.seed(inviteId, {
      email,
      teamId: input.teamId,
      teamName: team.name,
      role: input.role,
      invitedBy: uid,
      invitedByEmail: this.account(uid)?.email ?? null,
      status: 'pending',
      createdAt,
      expiresAt: createdAt + INVITATION_TTL_MS,
      // Never looked up (docs/invitations.md): nobody learns whether the address has an account.
      userExists: false,
      userId: null,
      keyVersion: null,
      encryptedTeamKey: null,
      encryptedTeamKeyWithSecret: null,
      proofHash: null,
      emailsSent: 0,
      respondedAt: null,
    });
    return { inviteId, message: 'Invitation created' };
  }

  async sendInvitationEmailWithSecret(input: { inviteId: string; sharedSecret?: string }): Promise<void> {
    this.calls.push({ name: 'sendInvitationEmailWithSecret', input: { inviteId: input.inviteId, withSecret: input.sharedSecret !== undefined } });
    const invitation = await this.open(input.inviteId);
    if (invitation.invitedBy !== this.as()) throw new Error(INVITATION_MESSAGES.onlyInviterEmails);
    this.emails.push({ to: invitation.email, inviteId: input.inviteId, link: invitationLink('https://keyloft.test', input.inviteId, input.sharedSecret) });
    this.invitations.seed(input.inviteId, { ...invitation, emailsSent: invitation.emailsSent + 1 });
  }

  async lookupInvitation(input: { inviteId: string; proof?: string }): Promise<InvitationPreview> {
    this.calls.push({ name: 'lookupInvitation', input: { inviteId: input.inviteId, withProof: input.proof !== undefined } });
    const invitation = await this.open(input.inviteId);
    const preview = {
      email: invitation.email,
      teamName: invitation.teamName,
      accountExists: this.accounts.some((account) => account.email === invitation.email && account.verified === true),
    };
    if (input.proof === undefined || invitation.proofHash === null) return preview;
    if ((await sha256Url(input.proof)) !== invitation.proofHash) throw new Error(INVITATION_MESSAGES.damagedLink);
    const { encryptedTeamKeyWithSecret, keyVersion } = invitation;
    if (encryptedTeamKeyWithSecret === null || keyVersion === null) return preview;
    return { ...preview, linkKey: { teamId: invitation.teamId, keyVersion, encryptedTeamKeyWithSecret } };
  }

  /** The identity checks accept and decline share: the invited address, verified or proven by the link. */
  private async respondent(inviteId: string, proof: string | undefined): Promise<{ uid: string; invitation: StoredInvitation }> {
    const invitation = await this.open(inviteId);
    const uid = this.as();
    const caller = this.account(uid);
    if (caller === undefined || normalizeEmail(caller.email) !== invitation.email) throw new Error(INVITATION_MESSAGES.wrongAccount);
    if (caller.verified !== true) {
      const proven = proof !== undefined && invitation.proofHash !== null && (await sha256Url(proof)) === invitation.proofHash;
      if (!proven) throw new Error(INVITATION_MESSAGES.verifyFirst);
    }
    return { uid, invitation };
  }

  private async withoutPendingKey(uid: string, inviteId: string): Promise<string | null> {
    const record = await this.users.get(uid);
    if (record === null) return null;
    const { [inviteId]: pending, ...rest } = record.pendingTeamKeys;
    this.users.replace(uid, { ...record, pendingTeamKeys: rest });
    return pending ?? null;
  }

  async acceptInvitation(input: { inviteId: string; proof?: string }): Promise<{ success: boolean; teamId: string | null }> {
    this.calls.push({ name: 'acceptInvitation', input: { inviteId: input.inviteId, withProof: input.proof !== undefined } });
    const { uid, invitation } = await this.respondent(input.inviteId, input.proof);
    const team = await this.team(invitation.teamId);
    const pending = await this.withoutPendingKey(uid, input.inviteId);
    if (!(uid in team.members)) {
      const offered = invitation.userId === uid ? invitation.encryptedTeamKey : pending;
      const encryptedTeamKey = offered !== null && invitation.keyVersion === team.keyVersion ? offered : null;
      this.teams.put(invitation.teamId, {
        ...team,
        memberIds: [...team.memberIds, uid],
        members: {
          ...team.members,
          [uid]: { userId: uid, role: invitation.role, joinedAt: this.now(), email: invitation.email, encryptedTeamKey, needsTeamKey: encryptedTeamKey === null },
        },
      });
      const record = await this.users.get(uid);
      if (record !== null) this.users.replace(uid, { ...record, teamIds: [...record.teamIds, invitation.teamId] });
    }
    this.invitations.seed(input.inviteId, { ...invitation, ...WITHOUT_KEY, status: 'accepted', respondedAt: this.now() });
    return { success: true, teamId: invitation.teamId };
  }

  /** A keyed invitation ending without its invitee joining: the team key is to be rotated. */
  private async rotationNeeded(invitation: StoredInvitation): Promise<void> {
    if (!carriedKey(invitation)) return;
    const team = await this.teams.get(invitation.teamId);
    if (team !== null) this.teams.put(invitation.teamId, { ...team, rotationNeeded: true, pendingRotation: null });
  }

  /** The invitation and its team as the callables load them (null when gone). */
  private async facts(inviteId: string): Promise<{ invitation: StoredInvitation | null; team: StoredTeam | null }> {
    const invitation = (await this.invitations.get(inviteId))?.data ?? null;
    return { invitation, team: invitation === null ? null : await this.teams.get(invitation.teamId) };
  }

  /** The caller as requireCaller reads the token: its address lower-cased, verified or not. */
  private caller(uid: string): Caller {
    const account = this.account(uid);
    return { uid, email: account?.email.toLowerCase() ?? null, emailVerified: account?.verified === true };
  }

  // Cancel and decline decide with the callables' own code (functions/src/invitations/decide.ts).
  async cancelInvitation(input: { inviteId: string }): Promise<void> {
    this.calls.push({ name: 'cancelInvitation', input });
    const { invitation, team } = await this.facts(input.inviteId);
    const plan = decideCancel(invitation, team, this.as());
    if (!plan.ok) throw new Error(plan.message);
    await this.invitations.remove(input.inviteId);
    if (plan.value.rotateTeam && invitation !== null) await this.rotationNeeded(invitation);
  }

  async declineInvitation(input: { inviteId: string; proof?: string }): Promise<void> {
    this.calls.push({ name: 'declineInvitation', input: { inviteId: input.inviteId } });
    const uid = this.as();
    const { invitation, team } = await this.facts(input.inviteId);
    const plan = decideDecline({ caller: this.caller(uid), proof: input.proof, invitation, team, now: this.now() });
    if (!plan.ok) throw new Error(plan.message);
    if (plan.value.markDeclined && invitation !== null) {
      this.invitations.seed(input.inviteId, { ...invitation, ...WITHOUT_KEY, status: 'declined', respondedAt: this.now() });
    }
    if (plan.value.rotateTeam && invitation !== null) await this.rotationNeeded(invitation);
    await this.withoutPendingKey(uid, input.inviteId);
  }
}
