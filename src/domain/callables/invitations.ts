import * as z from 'zod/mini';
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from '../emailAddress';
import { isEmailShape, normalizeEmail, type InviteRole } from '../invitations';
import { ASSIGNABLE_ROLES, PERMISSION_MESSAGES } from '../teamPermissions';
import { documentId, fieldOf, isBase64Url32, isFirestoreId } from './fields';

// The invitation callables' contract (docs/invitations.md): strict requests, parsed by the
// function before anything is read (a refusal never repeats the value: the secret and the proof
// are among them), and the replies the app's wrapper parses.

/** The refusals of the requests' fields. */
export const INVITE_REQUEST_MESSAGES = Object.freeze({
  // SPEC.md §5 "Add member" (the form's own copy is in src/features/teams/memberForm.ts):
  invalidEmail: 'Please enter a valid email address',
  // Not worded by the spec:
  badInviteId: 'inviteId must be an invitation id.',
  badSecret: 'sharedSecret must be the 43-character secret of the invitation link.',
  badProof: 'proof must be the 43-character accept proof of the invitation link.',
});

export function isInviteRole(value: unknown): value is InviteRole {
  return typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

function withoutHiddenCharacters(value: unknown): value is string {
  return typeof value === 'string' && !hasHiddenCharacters(value);
}

function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && isEmailShape(value);
}

const inviteId = fieldOf(isFirestoreId, INVITE_REQUEST_MESSAGES.badInviteId);

/** An optional 32-byte base64url field; null counts as absent. */
const optional32Bytes = (message: string) => z.nullish(fieldOf(isBase64Url32, message));

/** The address comes back trimmed and lower-cased. */
export const inviteTeamMemberRequest = z.strictObject({
  email: z.pipe(
    z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? normalizeEmail(value) : '')),
      fieldOf(withoutHiddenCharacters, HIDDEN_CHARACTERS_MESSAGE),
    ),
    fieldOf(isEmailAddress, INVITE_REQUEST_MESSAGES.invalidEmail),
  ),
  teamId: documentId('teamId'),
  role: fieldOf(isInviteRole, PERMISSION_MESSAGES.unknownRole),
});

/** cancelInvitation: the invitation's id, nothing else. */
export const inviteIdRequest = z.strictObject({ inviteId });

export const sendInvitationEmailRequest = z.strictObject({ inviteId, sharedSecret: optional32Bytes(INVITE_REQUEST_MESSAGES.badSecret) });

/** lookupInvitation, acceptInvitation and declineInvitation: the id, and the link's accept proof when there is a link. */
export const respondRequest = z.strictObject({ inviteId, proof: optional32Bytes(INVITE_REQUEST_MESSAGES.badProof) });

const nonEmpty = z.string().check(z.minLength(1));

/**
 * inviteTeamMember's reply. SPEC.md §7 also names userExists and userId; they are gone because they
 * told any inviter whether an address has an account (docs/invitations.md).
 */
export const inviteReply = z.object({ inviteId: nonEmpty, message: z.string() });

export const linkKeyReply = z.object({ teamId: nonEmpty, keyVersion: z.int(), encryptedTeamKeyWithSecret: nonEmpty });

export const lookupReply = z.object({
  email: nonEmpty,
  teamName: z.string(),
  accountExists: z.boolean(),
  alreadyMemberOf: z.optional(nonEmpty),
  linkKey: z.nullish(linkKeyReply),
});

/** acceptInvitation: the team joined (null from servers that did not say). */
export const acceptReply = z.object({ success: z.literal(true), teamId: z.nullable(nonEmpty) });

/** sendInvitationEmailWithSecret. */
export const sentReply = z.object({ sent: z.literal(true) });

/** declineInvitation and cancelInvitation. */
export const successReply = z.object({ success: z.literal(true) });

export interface LinkKey {
  readonly teamId: string;
  readonly keyVersion: number;
  readonly encryptedTeamKeyWithSecret: string;
}

export interface InvitationPreview {
  readonly email: string;
  readonly teamName: string;
  readonly accountExists: boolean;
  /**
   * Only to a signed-in caller, for an invitation already accepted into a team they are now in
   * (a link reopened after a lost reply): that team's id (issue #17).
   */
  readonly alreadyMemberOf?: string;
  /**
   * Only when asked with the link's accept proof, and it matches: the invitation's copy of the team
   * key under the link's secret. The link is the capability, so an invitee who has not verified the
   * address yet (and so cannot read the invitation) still gets the key it opens. Null: no key.
   */
  readonly linkKey?: LinkKey | null;
}

export interface InviteResult {
  readonly inviteId: string;
  readonly message: string;
}
