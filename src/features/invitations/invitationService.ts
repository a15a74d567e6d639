import {
  CryptoError,
  asStoredCiphertext,
  importInviteKey,
  importPublicKey,
  inviteAcceptProof,
  inviteTeamKeyContext,
  unwrapTeamKeyWithInvite,
  wrapTeamKey,
} from '../../crypto';
import type { InvitationFunctions, InvitationRepository } from '../../data/invitations/storedInvitations';
import type { UserRepository } from '../../data/users/userRecord';
import { INVITATION_MESSAGES, isInvitationOpen, normalizeEmail } from '@keyloft/contract/invitations';
import type { AcceptInviteApi, MyInvitation, MyInvitationsApi } from './model';

// The invitee's side (docs/invitations.md, "In the browser"). With the link's secret, the team
// key is opened here, wrapped for the user's own public key and stored as a pending team key
// (SPEC.md §4), and the link's proof goes with the accept; the secret itself goes nowhere.

export const DAMAGED_LINK_MESSAGE = INVITATION_MESSAGES.damagedLink;

export class InvitationLinkError extends Error {
  override readonly name = 'InvitationLinkError';
}

export interface InvitationServiceDeps {
  readonly invitations: InvitationRepository;
  readonly functions: InvitationFunctions;
  readonly users: UserRepository;
  /** The signed-in user, or null. */
  /**
   * The signed-in user; `emailVerified` false means the rules let them read no invitation by
   * address (docs/invitations.md), so none is listed.
   */
  readonly currentUser: () => { readonly uid: string; readonly email: string | null; readonly emailVerified?: boolean } | null;
  /** A fresh ID token before accepting, so an address verified meanwhile counts (AuthGateway.refreshIdToken). */
  readonly refreshIdToken: () => Promise<void>;
  /**
   * What Auth's own user says of the address now, without asking the server: a verification
   * applied in this browser updates it while the session's copy of the user still says false.
   */
  readonly authVerified?: () => Promise<boolean>;
  now(): number;
}

function requireUser(deps: InvitationServiceDeps): { uid: string; email: string | null; emailVerified?: boolean } {
  const user = deps.currentUser();
  if (user === null) throw new Error('User not authenticated');
  return user;
}

/** The server's refusal of a proof that is not this invitation's: the link was changed. */
function isDamagedLinkRefusal(error: unknown): boolean {
  return error instanceof Error && error.message.includes(INVITATION_MESSAGES.damagedLink);
}

/**
 * Stores the invitation's team key for the user as pendingTeamKeys.{inviteId}. The key copy comes
 * from lookupInvitation with the link's proof, not from reading the invitation: the rules let only
 * a verified invitee read it, and someone who just signed up from the link is not verified yet.
 * Returns quietly when the invitation carries no key for a link (the member then joins with 'Needs
 * Key'); throws InvitationLinkError when the link's secret does not open the key.
 */
async function storePendingKey(deps: InvitationServiceDeps, uid: string, inviteId: string, secret: string, proof: string): Promise<void> {
  let linkKey;
  try {
    ({ linkKey = null } = await deps.functions.lookupInvitation({ inviteId, proof }));
  } catch (cause) {
    if (isDamagedLinkRefusal(cause)) throw new InvitationLinkError(DAMAGED_LINK_MESSAGE, { cause });
    throw cause;
  }
  if (linkKey === null) return;
  const { teamId, keyVersion, encryptedTeamKeyWithSecret: wrapped } = linkKey;
  let teamKey;
  try {
    teamKey = await unwrapTeamKeyWithInvite(asStoredCiphertext('invite-team-key', wrapped), await importInviteKey(secret), inviteTeamKeyContext(inviteId));
  } catch (cause) {
    if (cause instanceof CryptoError) throw new InvitationLinkError(DAMAGED_LINK_MESSAGE, { cause });
    throw cause;
  }
  const record = await deps.users.get(uid);
  if (record === null) throw new Error('User data not found');
  const ownKey = await importPublicKey(record.publicKey);
  const pending = await wrapTeamKey(teamKey, ownKey, { teamId, keyVersion });
  await deps.invitations.putPendingTeamKey(uid, inviteId, pending, deps.now());
}

async function proofOf(secret: string): Promise<string> {
  try {
    return await inviteAcceptProof(secret);
  } catch (cause) {
    if (cause instanceof CryptoError) throw new InvitationLinkError(DAMAGED_LINK_MESSAGE, { cause });
    throw cause;
  }
}

export function createAcceptInviteApi(deps: InvitationServiceDeps): AcceptInviteApi {
  return {
    lookup: (inviteId) => deps.functions.lookupInvitation({ inviteId }),
    async accept(inviteId, secret) {
      const { uid } = requireUser(deps);
      let proof: string | undefined;
      if (secret !== null) {
        proof = await proofOf(secret);
        await storePendingKey(deps, uid, inviteId, secret, proof);
      }
      await deps.refreshIdToken();
      const { success } = await deps.functions.acceptInvitation(proof === undefined ? { inviteId } : { inviteId, proof });
      if (!success) throw new Error('Failed to accept invitation. Please try again.');
    },
  };
}

export function createMyInvitationsApi(deps: InvitationServiceDeps): MyInvitationsApi {
  return {
    async list() {
      const { email, emailVerified } = requireUser(deps);
      // Not verified: the rules let nobody read invitations by an unproven address. Not asked with
      // a fresh token either: every new token makes Firestore tear down its listen stream and start
      // every listener again (a vault being loaded included), and an unverified session asked at
      // every dashboard mount. Auth's own user is asked first (no request): a verification applied
      // in this browser shows there before the session's copy of the user knows of it.
      if (email === null) return [];
      if (emailVerified === false && (await deps.authVerified?.()) !== true) return [];
      const now = deps.now();
      const address = normalizeEmail(email);
      const read = () => deps.invitations.listPendingForEmail(address);
      let pending;
      try {
        pending = await read();
      } catch {
        // The rules read email_verified from the ID token, which may still say false for a while
        // after this session learnt the address was verified: a fresh token, then once more.
        await deps.refreshIdToken();
        pending = await read();
      }
      return pending
        .filter(({ data }) => isInvitationOpen(data, now))
        .map(
          ({ id, data }): MyInvitation => ({
            id,
            teamId: data.teamId,
            teamName: data.teamName,
            role: data.role,
            invitedByEmail: data.invitedByEmail,
            createdAt: data.createdAt,
            expiresAt: data.expiresAt,
          }),
        );
    },
    async accept(inviteId) {
      await deps.refreshIdToken();
      const { success } = await deps.functions.acceptInvitation({ inviteId });
      if (!success) throw new Error('Failed to accept invitation. Please try again.');
    },
    async decline(inviteId) {
      await deps.refreshIdToken();
      await deps.functions.declineInvitation({ inviteId });
    },
  };
}
