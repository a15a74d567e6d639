// The invitation repository in memory, behaving as Firestore does through the rules
// (docs/invitations.md): pending only and newest first in lists, a key attached once by kind and at
// the team's key version, only pending invitations cancelled, at most MAX_PENDING_TEAM_KEYS pending
// keys. It does not know who calls: who may do what is the rules matrix's (tests/firestore).
import type { InvitationKeyAttachment, InvitationRepository, StoredInvitation } from '../../src/data/invitations/storedInvitations';
import { WriteRefusedError, type WithId } from '../../src/data/vault/storedEntries';
import { isInvitationOpen, MAX_PENDING_TEAM_KEYS } from '@keyloft/contract/invitations';
import { MemoryCollection } from './memoryCollection';
import type { MemoryTeamRepository } from './memoryTeamRepositories';
import type { MemoryUserRepository } from './memoryUserRepository';
import type { Sealed } from '../../src/crypto';

const refused = (why: string) => Promise.reject(new WriteRefusedError(`Missing or insufficient permissions (${why})`));

/** Newest first; equal times by id, descending, as Firestore orders a descending query. */
function newestFirst(a: WithId<StoredInvitation>, b: WithId<StoredInvitation>): number {
  if (a.data.createdAt !== b.data.createdAt) return b.data.createdAt - a.data.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export class MemoryInvitationRepository implements InvitationRepository {
  private readonly invitations = new MemoryCollection<StoredInvitation>();

  constructor(
    private readonly users: MemoryUserRepository,
    private readonly teams: MemoryTeamRepository,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** What the callables write with the Admin SDK (create, accept, decline); tests and fakes only. */
  seed(inviteId: string, invitation: StoredInvitation): void {
    this.invitations.set(inviteId, invitation);
  }

  /** What the callables delete with the Admin SDK. */
  drop(inviteId: string): void {
    this.invitations.delete(inviteId);
  }

  get(inviteId: string): Promise<WithId<StoredInvitation> | null> {
    const data = this.invitations.get(inviteId);
    return Promise.resolve(data === null ? null : { id: inviteId, data });
  }

  listPendingForEmail(email: string): Promise<WithId<StoredInvitation>[]> {
    return Promise.resolve(this.pendingWhere((invitation) => invitation.email === email));
  }

  listPendingForTeam(teamId: string): Promise<WithId<StoredInvitation>[]> {
    return Promise.resolve(this.pendingWhere((invitation) => invitation.teamId === teamId));
  }

  async attachKey(inviteId: string, attachment: InvitationKeyAttachment): Promise<void> {
    const invitation = this.invitations.get(inviteId);
    if (invitation === null) return refused('no such invitation');
    if (!isInvitationOpen(invitation, this.clock())) return refused('not pending, or expired');
    const attached = invitation.keyVersion !== null || invitation.encryptedTeamKey !== null
      || invitation.encryptedTeamKeyWithSecret !== null || invitation.proofHash !== null;
    if (attached) return refused('a key is already attached');
    if ((attachment.kind === 'account') !== invitation.userExists) return refused('the other kind of key');
    const team = await this.teams.get(invitation.teamId);
    if (team === null || team.deleting || team.keyVersion !== attachment.keyVersion) return refused('not the team’s key version');
    this.invitations.set(
      inviteId,
      attachment.kind === 'account'
        ? { ...invitation, keyVersion: attachment.keyVersion, encryptedTeamKey: attachment.encryptedTeamKey }
        : {
            ...invitation,
            keyVersion: attachment.keyVersion,
            encryptedTeamKeyWithSecret: attachment.encryptedTeamKeyWithSecret,
            proofHash: attachment.proofHash,
          },
    );
  }

  remove(inviteId: string): Promise<void> {
    const invitation = this.invitations.get(inviteId);
    if (invitation?.status !== 'pending') return refused('only a pending invitation is cancelled');
    this.invitations.delete(inviteId);
    return Promise.resolve();
  }

  async putPendingTeamKey(uid: string, inviteId: string, wrappedKey: Sealed<'team-key-wrap'>, now: number): Promise<void> {
    const record = await this.users.get(uid);
    if (record === null) return refused('no user record');
    const pendingTeamKeys = { ...record.pendingTeamKeys, [inviteId]: wrappedKey };
    if (Object.keys(pendingTeamKeys).length > MAX_PENDING_TEAM_KEYS) return refused('too many pending team keys');
    this.users.replace(uid, { ...record, pendingTeamKeys, updatedAt: now });
  }

  /** What inviteTeamMember reads with the Admin SDK: the team's invitations for the address, in any state. */
  allFor(teamId: string, email: string): StoredInvitation[] {
    return this.invitations.where((invitation) => invitation.teamId === teamId && invitation.email === email).map(([, data]) => data);
  }

  private pendingWhere(predicate: (invitation: StoredInvitation) => boolean): WithId<StoredInvitation>[] {
    return this.invitations
      .where((invitation) => invitation.status === 'pending' && predicate(invitation))
      .map(([id, data]) => ({ id, data }))
      .sort(newestFirst);
  }
}
