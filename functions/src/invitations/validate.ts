import * as z from 'zod/mini';
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from '@keyloft/contract/emailAddress';
import { isEmailShape, normalizeEmail, type InviteRole } from '@keyloft/contract/invitations';
import { PERMISSION_MESSAGES } from '@keyloft/contract/teamPermissions';
import { fieldOf, parsePayload } from '../lib/payload';
import { documentId, isFirestoreId } from '../teams/validate';
import { INVITE_CALLABLE_MESSAGES } from './messages';
import { isInviteRole } from './model';

// Strict payload schemas for the invitation callables (docs/invitations.md): unknown fields are
// refused, and each bad field is an invalid-argument before anything is read. A refusal never
// repeats the value: the secret and the proof are among them.

/** base64url, no padding, of 32 bytes: the link's shared secret and the accept proof. */
const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;

/** 43 base64url characters in the one spelling of their 32 bytes (what bytesToBase64Url makes). */
export function isBase64Url32(value: unknown): value is string {
  return typeof value === 'string' && BASE64URL_32_BYTES.test(value) && Buffer.from(value, 'base64url').toString('base64url') === value;
}

function withoutHiddenCharacters(value: unknown): value is string {
  return typeof value === 'string' && !hasHiddenCharacters(value);
}

function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && isEmailShape(value);
}

const inviteId = fieldOf(isFirestoreId, INVITE_CALLABLE_MESSAGES.badInviteId);

/** An optional 32-byte base64url field; null counts as absent. */
const optional32Bytes = (message: string) => z.nullish(fieldOf(isBase64Url32, message));

export interface InviteTeamMemberInput {
  /** Trimmed and lower-cased. */
  readonly email: string;
  readonly teamId: string;
  readonly role: InviteRole;
}

const inviteTeamMemberSchema = z.strictObject({
  email: z.pipe(
    z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? normalizeEmail(value) : '')),
      fieldOf(withoutHiddenCharacters, HIDDEN_CHARACTERS_MESSAGE),
    ),
    fieldOf(isEmailAddress, INVITE_CALLABLE_MESSAGES.invalidEmail),
  ),
  teamId: documentId('teamId'),
  role: fieldOf(isInviteRole, PERMISSION_MESSAGES.unknownRole),
});

export function parseInviteTeamMember(data: unknown): InviteTeamMemberInput {
  return parsePayload(inviteTeamMemberSchema, data);
}

const inviteIdSchema = z.strictObject({ inviteId });

/** cancelInvitation: the invitation's id, nothing else. */
export function parseInviteId(data: unknown): { readonly inviteId: string } {
  return parsePayload(inviteIdSchema, data);
}

const lookupInvitationSchema = z.strictObject({ inviteId, proof: optional32Bytes(INVITE_CALLABLE_MESSAGES.badProof) });

/** lookupInvitation: the id, and the link's accept proof when the link's key copy is wanted. */
export function parseLookupInvitation(data: unknown): { readonly inviteId: string; readonly proof?: string } {
  const { inviteId: id, proof } = parsePayload(lookupInvitationSchema, data);
  return proof == null ? { inviteId: id } : { inviteId: id, proof };
}

export interface SendInvitationEmailInput {
  readonly inviteId: string;
  readonly sharedSecret?: string;
}

const sendInvitationEmailSchema = z.strictObject({ inviteId, sharedSecret: optional32Bytes(INVITE_CALLABLE_MESSAGES.badSecret) });

export function parseSendInvitationEmail(data: unknown): SendInvitationEmailInput {
  const { inviteId: id, sharedSecret } = parsePayload(sendInvitationEmailSchema, data);
  return sharedSecret == null ? { inviteId: id } : { inviteId: id, sharedSecret };
}

export interface RespondInput {
  readonly inviteId: string;
  readonly proof?: string;
}

const respondSchema = z.strictObject({ inviteId, proof: optional32Bytes(INVITE_CALLABLE_MESSAGES.badProof) });

/** acceptInvitation and declineInvitation. */
export function parseRespond(data: unknown): RespondInput {
  const { inviteId: id, proof } = parsePayload(respondSchema, data);
  return proof == null ? { inviteId: id } : { inviteId: id, proof };
}
