// A stand-in for the invitation callables over the in-memory repositories, for the feature's unit
// and component tests. Every decision is the callables' own pure code
// (functions/src/invitations/decide.ts) over the facts the callable would load, so the fake cannot
// drift from the server on who may do what; only the loading and writing are the fake's. Requests
// go through the callables' own parsers and replies are held to their schemas (@keyloft/contract). The
// callables themselves are tested on the emulators (tests/emulator/invitations), and the same
// contract runs over both (tests/contract/invitationCallables.contract.ts).
import { inviteProofHash } from '../../src/crypto/invite';
import type { InvitationFunctions, InvitationPreview, InviteResult, StoredInvitation } from '../../src/data/invitations/storedInvitations';
import type { StoredTeam } from '../../src/data/teams/storedTeams';
import { normalizeEmail, type InviteRole } from '@keyloft/contract/invitations';
import { ROTATION_NEEDED, WITHOUT_KEY, carriedKey, decideCancel, decideLinkKey, decideLookup } from '../../functions/src/invitations/decide';
import { decideInvite, decideSendEmail, invitationLink, inviterInvitesKey, teamInvitesKey } from '../../functions/src/invitations/decideInvite';
import { decideAccept, decideDecline, isPendingKeyStale } from '../../functions/src/invitations/decideResponse';
import {
  parseInviteId,
  parseInviteTeamMember,
  parseLookupInvitation,
  parseRespond,
  parseSendInvitationEmail,
} from '../../functions/src/invitations/validate';
import { decideRecipientEmail, recipientCapKey, recipientCapMessage, type RecipientSend } from '../../functions/src/email/recipientCap';
import type { Caller } from '../../functions/src/lib/callable';
import type { Outcome } from '../../functions/src/teams/model';
import { acceptReply, inviteReply, lookupReply } from '@keyloft/contract/callables/invitations';
import { checkedReply } from './callableReply';
import type { MemoryInvitationRepository } from './memoryInvitationRepository';
import { applyTeamChange } from './memoryTeamChange';
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

/** What `as` answers when nobody is signed in (lookupInvitation needs no sign-in). */
export const SIGNED_OUT = '';

/** The decision's value, or its refusal thrown with the callable's message. */
function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

export class FakeInvitationFunctions implements InvitationFunctions {
  readonly calls: { name: string; input: unknown }[] = [];
  readonly emails: SentInvitationEmail[] = [];
  private nextId = 1;
  /** rateLimits/{key}: when each counted invitation was made. */
  private readonly rateLimits = new Map<string, readonly number[]>();
  /** rateLimits/recipient-<sha256>: the capped emails each address was sent (docs/email.md, "Email cap"). */
  private readonly recipientSends = new Map<string, readonly RecipientSend[]>();

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

  /** The caller as requireCaller reads the token: its address lower-cased, verified or not. */
  private caller(uid: string): Caller {
    const account = this.accounts.find((candidate) => candidate.uid === uid);
    return { uid, email: account?.email.toLowerCase() ?? null, emailVerified: account?.verified === true };
  }

  /** The invitation and its team as the callables load them (null when gone). */
  private async facts(inviteId: string): Promise<{ invitation: StoredInvitation | null; team: StoredTeam | null }> {
    const invitation = (await this.invitations.get(inviteId))?.data ?? null;
    return { invitation, team: invitation === null ? null : await this.teams.get(invitation.teamId) };
  }

  async inviteTeamMember(request: { email: string; teamId: string; role: InviteRole }): Promise<InviteResult> {
    this.calls.push({ name: 'inviteTeamMember', input: request });
    const input = parseInviteTeamMember(request);
    const caller = this.caller(this.as());
    const [teamKey, inviterKey] = [teamInvitesKey(input.teamId), inviterInvitesKey(caller.uid)];
    const inviteId = `invite${String(this.nextId)}`;
    const plan = unwrap(
      decideInvite({
        inviteId,
        caller,
        input,
        team: await this.teams.get(input.teamId),
        sameAddress: this.invitations.allFor(input.teamId, input.email),
        teamInvites: this.rateLimits.get(teamKey) ?? [],
        inviterInvites: this.rateLimits.get(inviterKey) ?? [],
        now: this.now(),
      }),
    );
    this.nextId += 1;
    this.invitations.seed(inviteId, plan.invitation);
    this.rateLimits.set(teamKey, plan.teamInvites);
    this.rateLimits.set(inviterKey, plan.inviterInvites);
    return checkedReply('inviteTeamMember', inviteReply, { inviteId, message: plan.message });
  }

  async sendInvitationEmailWithSecret(request: { inviteId: string; sharedSecret?: string }): Promise<void> {
    this.calls.push({ name: 'sendInvitationEmailWithSecret', input: { inviteId: request.inviteId, withSecret: request.sharedSecret !== undefined } });
    const input = parseSendInvitationEmail(request);
    const secret = input.sharedSecret === undefined ? null : { proofHash: await inviteProofHash(input.sharedSecret) };
    const { invitation, team } = await this.facts(input.inviteId);
    const now = this.now();
    const plan = unwrap(decideSendEmail({ callerUid: this.as(), invitation, team, secret, now }));
    // The recipient's cap outlives the invitation, as the callable's countRecipientEmail; a refusal writes nothing.
    const recipient = recipientCapKey(plan.email.to);
    const counted = decideRecipientEmail(this.recipientSends.get(recipient) ?? [], 'invitation', now);
    if (!counted.allowed) throw new Error(recipientCapMessage(counted.full));
    this.recipientSends.set(recipient, counted.sends);
    this.emails.push({ to: plan.email.to, inviteId: input.inviteId, link: invitationLink('https://keyloft.test', input.inviteId, input.sharedSecret) });
    if (invitation !== null) this.invitations.seed(input.inviteId, { ...invitation, emailsSent: plan.emailsSent });
  }

  async lookupInvitation(request: { inviteId: string; proof?: string }): Promise<InvitationPreview> {
    this.calls.push({ name: 'lookupInvitation', input: { inviteId: request.inviteId, withProof: request.proof !== undefined } });
    const input = parseLookupInvitation(request);
    const { invitation, team } = await this.facts(input.inviteId);
    const callerUid = this.as();
    const preview = unwrap(decideLookup(invitation, team, this.now(), callerUid === SIGNED_OUT ? null : callerUid));
    // A reopened, accepted link carries no key, as the callable answers.
    const linkKey = invitation === null || preview.alreadyMember !== undefined ? null : unwrap(decideLinkKey(invitation, input.proof));
    // Only a verified account counts (the callable's accountByEmail, then emailVerified).
    const account = this.accounts.find((candidate) => normalizeEmail(candidate.email) === preview.email);
    const answer = {
      email: preview.email,
      teamName: preview.teamName,
      accountExists: account?.verified === true,
      ...(preview.alreadyMember === undefined ? {} : { alreadyMemberOf: preview.alreadyMember.teamId }),
    };
    return checkedReply('lookupInvitation', lookupReply, linkKey === null ? answer : { ...answer, linkKey });
  }

  /** users/{uid} without its pending key for the invitation (removePendingTeamKey). */
  private async withoutPendingKey(uid: string, inviteId: string): Promise<void> {
    const record = await this.users.get(uid);
    if (record === null || !Object.hasOwn(record.pendingTeamKeys, inviteId)) return;
    const { [inviteId]: _removed, ...rest } = record.pendingTeamKeys;
    this.users.replace(uid, { ...record, pendingTeamKeys: rest });
  }

  async acceptInvitation(request: { inviteId: string; proof?: string }): Promise<{ success: boolean; teamId: string | null }> {
    this.calls.push({ name: 'acceptInvitation', input: { inviteId: request.inviteId, withProof: request.proof !== undefined } });
    const input = parseRespond(request);
    const caller = this.caller(this.as());
    const { invitation, team } = await this.facts(input.inviteId);
    const record = await this.users.get(caller.uid);
    const pendingTeamKey = record !== null && Object.hasOwn(record.pendingTeamKeys, input.inviteId) ? (record.pendingTeamKeys[input.inviteId] ?? null) : null;
    const now = this.now();
    const decision = decideAccept({ inviteId: input.inviteId, caller, proof: input.proof, invitation, team, pendingTeamKey, now });
    if (!decision.ok) {
      // As the callable: a pending key that can never be used goes with the refusal.
      if (isPendingKeyStale(invitation, team, now)) await this.withoutPendingKey(caller.uid, input.inviteId);
      throw new Error(decision.message);
    }
    const plan = decision.value;
    if (plan.kind === 'join' && team !== null) await applyTeamChange({ teams: this.teams, users: this.users }, plan.teamId, team, plan.change);
    if (invitation !== null && (plan.kind === 'join' || plan.markAccepted)) {
      this.invitations.seed(input.inviteId, { ...invitation, ...WITHOUT_KEY, status: 'accepted', respondedAt: now });
    }
    await this.withoutPendingKey(caller.uid, input.inviteId);
    return checkedReply('acceptInvitation', acceptReply, { success: true, teamId: plan.teamId });
  }

  /** A keyed invitation ending without its invitee joining: the team key is to be rotated. */
  private async rotationNeeded(invitation: StoredInvitation): Promise<void> {
    if (!carriedKey(invitation)) return;
    const team = await this.teams.get(invitation.teamId);
    if (team !== null) this.teams.put(invitation.teamId, { ...team, ...ROTATION_NEEDED(this.now()) });
  }

  async cancelInvitation(request: { inviteId: string }): Promise<void> {
    this.calls.push({ name: 'cancelInvitation', input: request });
    const input = parseInviteId(request);
    const { invitation, team } = await this.facts(input.inviteId);
    const plan = unwrap(decideCancel(input.inviteId, invitation, team, this.as()));
    await this.invitations.remove(input.inviteId);
    if (plan.rotateTeam && invitation !== null) await this.rotationNeeded(invitation);
  }

  async declineInvitation(request: { inviteId: string; proof?: string }): Promise<void> {
    this.calls.push({ name: 'declineInvitation', input: { inviteId: request.inviteId } });
    const input = parseRespond(request);
    const uid = this.as();
    const { invitation, team } = await this.facts(input.inviteId);
    const plan = unwrap(decideDecline({ inviteId: input.inviteId, caller: this.caller(uid), proof: input.proof, invitation, team, now: this.now() }));
    if (plan.markDeclined && invitation !== null) {
      this.invitations.seed(input.inviteId, { ...invitation, ...WITHOUT_KEY, status: 'declined', respondedAt: this.now() });
    }
    if (plan.rotateTeam && invitation !== null) await this.rotationNeeded(invitation);
    await this.withoutPendingKey(uid, input.inviteId);
  }
}
