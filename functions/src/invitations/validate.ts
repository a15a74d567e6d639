import { HttpsError } from 'firebase-functions/v2/https';
import { isEmailShape, normalizeEmail, type InviteRole } from '../../../src/domain/invitations';
import { PERMISSION_MESSAGES } from '../../../src/domain/teamPermissions';
import { id, isFirestoreId, payload } from '../teams/validate';
import { INVITE_CALLABLE_MESSAGES } from './messages';
import { isInviteRole } from './model';

// Strict payload checks for the invitation callables (docs/invitations.md): unknown fields are
// refused, and each bad field is an invalid-argument before anything is read.

type Data = Readonly<Record<string, unknown>>;

/** base64url, no padding, of 32 bytes: the link's shared secret and the accept proof. */
const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;

/** 43 base64url characters in the one spelling of their 32 bytes (what bytesToBase64Url makes). */
export function isBase64Url32(value: unknown): value is string {
  return typeof value === 'string' && BASE64URL_32_BYTES.test(value) && Buffer.from(value, 'base64url').toString('base64url') === value;
}

function invalid(message: string): never {
  throw new HttpsError('invalid-argument', message);
}

function inviteId(data: Data): string {
  const value = data.inviteId;
  if (!isFirestoreId(value)) invalid(INVITE_CALLABLE_MESSAGES.badInviteId);
  return value;
}

/** An optional 32-byte base64url field; null counts as absent. */
function optional32Bytes(data: Data, field: string, message: string): string | undefined {
  const value = data[field];
  if (value === undefined || value === null) return undefined;
  if (!isBase64Url32(value)) invalid(message);
  return value;
}

export interface InviteTeamMemberInput {
  /** Trimmed and lower-cased. */
  readonly email: string;
  readonly teamId: string;
  readonly role: InviteRole;
}

export function parseInviteTeamMember(data: unknown): InviteTeamMemberInput {
  const d = payload(data, ['email', 'teamId', 'role']);
  const email = typeof d.email === 'string' ? normalizeEmail(d.email) : '';
  if (!isEmailShape(email)) invalid(INVITE_CALLABLE_MESSAGES.invalidEmail);
  const role = d.role;
  if (!isInviteRole(role)) invalid(PERMISSION_MESSAGES.unknownRole);
  return { email, teamId: id(d, 'teamId'), role };
}

export function parseLookupInvitation(data: unknown): { readonly inviteId: string } {
  return { inviteId: inviteId(payload(data, ['inviteId'])) };
}

export interface SendInvitationEmailInput {
  readonly inviteId: string;
  readonly sharedSecret?: string;
}

export function parseSendInvitationEmail(data: unknown): SendInvitationEmailInput {
  const d = payload(data, ['inviteId', 'sharedSecret']);
  const id = inviteId(d);
  const sharedSecret = optional32Bytes(d, 'sharedSecret', INVITE_CALLABLE_MESSAGES.badSecret);
  return sharedSecret === undefined ? { inviteId: id } : { inviteId: id, sharedSecret };
}

export interface RespondInput {
  readonly inviteId: string;
  readonly proof?: string;
}

/** acceptInvitation and declineInvitation. */
export function parseRespond(data: unknown): RespondInput {
  const d = payload(data, ['inviteId', 'proof']);
  const id = inviteId(d);
  const proof = optional32Bytes(d, 'proof', INVITE_CALLABLE_MESSAGES.badProof);
  return proof === undefined ? { inviteId: id } : { inviteId: id, proof };
}
