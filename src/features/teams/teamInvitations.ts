import {
  generateSharedSecret,
  importInviteKey,
  inviteProofHash,
  inviteTeamKeyContext,
  wrapTeamKeyWithInvite,
} from '../../crypto';
import type { InvitationFunctions, InvitationRepository, StoredInvitation } from '../../data/invitations/storedInvitations';
import type { WithId } from '../../data/vault/storedEntries';
import { isInvitationOpen, normalizeEmail, type InviteRole } from '@keyloft/contract/invitations';
import { invitationLink } from '@keyloft/contract/inviteLink/build';
import { parseInvitationLink } from '@keyloft/contract/inviteLink/parse';
import type { StoredTeam } from '../../data/teams/storedTeams';
import type { TeamInvitation, TeamInvitationsApi } from './model';
import { openTeamKey } from './teamKeys';
import { requireTeam, type TeamServiceDeps } from './teamService';

// Inviting from 'Manage Team Members' (docs/invitations.md, "In the browser"). The server creates
// the invitation without saying whether the address has an account; this browser attaches the
// team key to it under a fresh link secret that only the link carries. The secret leaves this
// module only inside the link the inviter sees. Someone who accepts without the link joins
// needing the key, and an owner or admin grants it after checking their fingerprint.

export interface TeamInvitationDeps extends TeamServiceDeps {
  readonly invitations: InvitationRepository;
  readonly invitationFunctions: InvitationFunctions;
  /** Where the app runs ('https://app.example'): the start of the link an inviter copies. */
  readonly appOrigin: string;
}

/** The secret of a link made by invitationLink; null when it has none. */
export function secretOfLink(link: string): string | null {
  return parseInvitationLink(link)?.secret ?? null;
}

function holdsKey(team: StoredTeam, uid: string): boolean {
  const me = team.members[uid];
  return me !== undefined && !me.needsTeamKey && me.encryptedTeamKey !== null;
}

function teamInvitationOf({ id, data }: WithId<StoredInvitation>): TeamInvitation {
  return { id, email: data.email, role: data.role, createdAt: data.createdAt, expiresAt: data.expiresAt };
}

export function createTeamInvitationsApi(deps: TeamInvitationDeps): TeamInvitationsApi {
  const functions = deps.invitationFunctions;

  /**
   * Best effort: an invitation whose key could not be attached is withdrawn rather than left
   * keyless, through cancelInvitation, which records it in the team's activity log (issue #24).
   */
  async function withdraw(inviteId: string): Promise<void> {
    try {
      await functions.cancelInvitation({ inviteId });
    } catch {
      // It stays pending without a key: accepting it joins with 'Needs Key', and the owner can cancel it.
    }
  }

  return {
    async listInvitations(teamId) {
      const now = deps.now();
      const pending = await deps.invitations.listPendingForTeam(teamId);
      return pending.filter(({ data }) => isInvitationOpen(data, now)).map(teamInvitationOf);
    },

    async cancelInvitation(_teamId, inviteId) {
      await functions.cancelInvitation({ inviteId });
    },

    async invite(teamId, email, role) {
      const address = normalizeEmail(email);
      const { inviteId } = await functions.inviteTeamMember({ email: address, teamId, role: role as InviteRole });
      try {
        const team = await requireTeam(deps, teamId);
        if (!holdsKey(team, deps.userId)) {
          // Nothing to share yet: they join with 'Needs Key' and an owner or admin grants it.
          await functions.sendInvitationEmailWithSecret({ inviteId });
          return { kind: 'sent', inviteId, email: address };
        }
        const teamKey = await openTeamKey(team, teamId, deps.userId, deps.keys);
        const secret = generateSharedSecret();
        const encryptedTeamKeyWithSecret = await wrapTeamKeyWithInvite(teamKey, await importInviteKey(secret), inviteTeamKeyContext(inviteId));
        await deps.invitations.attachKey(inviteId, {
          kind: 'secret',
          keyVersion: team.keyVersion,
          encryptedTeamKeyWithSecret,
          proofHash: await inviteProofHash(secret),
        });
        return { kind: 'link', inviteId, email: address, link: invitationLink(deps.appOrigin, inviteId, secret) };
      } catch (error) {
        await withdraw(inviteId);
        throw error;
      }
    },

    async emailInvitation(inviteId, link) {
      const sharedSecret = secretOfLink(link);
      await functions.sendInvitationEmailWithSecret(sharedSecret === null ? { inviteId } : { inviteId, sharedSecret });
    },
  };
}
