import type { CallableRequest } from 'firebase-functions/v2/https';
import type { InvitationPreview } from '../../../src/data/invitations/storedInvitations';
import { loadTeam, unwrap } from '../teams/store';
import { decideLinkKey, decideLookup } from './decide';
import { defaultInvitationDeps, type InvitationDeps } from './deps';
import { loadInvitation } from './store';
import { parseLookupInvitation } from './validate';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// lookupInvitation (docs/invitations.md): what the accept page shows before anyone signs in. No
// sign-in needed: the invite id (119 random bits) is the capability. Only for an open invitation
// of a usable team, and only the address, the team's name and whether the address has a verified
// account; with the link's accept proof, also the key copy the link's secret opens.

export async function handleLookupInvitation(request: Pick<CallableRequest, 'data'> & Partial<Pick<CallableRequest, 'auth'>>, deps: InvitationDeps): Promise<InvitationPreview> {
  const { inviteId, proof } = parseLookupInvitation(request.data);
  const db = deps.db();
  const callerUid = request.auth?.uid ?? null;
  const { preview, linkKey } = await runTransactionWithRetry(
    db,
    async (tx) => {
      const invitation = await loadInvitation(tx, db, inviteId);
      const team = invitation === null ? null : await loadTeam(tx, db, invitation.teamId);
      const open = unwrap(decideLookup(invitation, team, deps.now(), callerUid));
      // decideLookup refused a missing invitation, so it is there.
      // A reopened, accepted link carries no key: the member already has the team key or asks for it.
      const key = invitation === null || open.alreadyMember !== undefined ? null : unwrap(decideLinkKey(invitation, proof));
      return { preview: open, linkKey: key };
    },
    { readOnly: true },
  );
  // Only a proven address counts: someone who registered the invitee's address without verifying it
  // is treated as no account, so the link offers to create one (docs/invitations.md).
  const account = await deps.accountByEmail(preview.email);
  const answer = {
    email: preview.email,
    teamName: preview.teamName,
    accountExists: account !== null && account.emailVerified,
    ...(preview.alreadyMember === undefined ? {} : { alreadyMemberOf: preview.alreadyMember.teamId }),
  };
  return linkKey === null ? answer : { ...answer, linkKey };
}

export const lookupInvitation = onLiveCall((request) => handleLookupInvitation(request, defaultInvitationDeps()));
