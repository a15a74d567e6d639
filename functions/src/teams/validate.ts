import * as z from 'zod/mini';
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import { isLinkLikeTeamName } from '@keyloft/contract/teamName';
import { isTeamRole, PERMISSION_MESSAGES, type TeamRole } from '@keyloft/contract/teamPermissions';
import { fieldOf, parsePayload } from '../lib/payload';
import { TEAM_MESSAGES } from './messages';

// Strict payload schemas for the team callables (docs/teams.md). Each parser takes request.data,
// refuses unknown fields, and throws invalid-argument naming the field before anything is read.

/** Firestore document ids and Auth uids as this app makes them; safe as a map key in a field path. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const RESERVED_ID = /^__.*__$/;
/** An RSA-2048 OAEP ciphertext. */
export const WRAPPED_KEY_BYTES = 256;
/** sealPreviousTeamKey: base64(12-byte IV ‖ 32-byte AES-256 key ‖ 16-byte tag). */
export const SEALED_KEY_BYTES = 60;
export const TEAM_NAME_MAX = FIELD_LIMITS.teamName;
export const TEAM_DESCRIPTION_MAX = FIELD_LIMITS.teamDescription;
const MAX_WRAPS = 1000;
const MAX_KEY_VERSION = 2 ** 31 - 1;

/** Any of the four roles; that the owner role is never given is the permission decision's call. */
const role = fieldOf<TeamRole>(isTeamRole, PERMISSION_MESSAGES.unknownRole);

export function isFirestoreId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !RESERVED_ID.test(value);
}

/** A document id field. */
export function documentId(field: string): z.ZodMiniCustom<string, string> {
  return fieldOf(isFirestoreId, `${field} must be a document id.`);
}

/** Canonical base64 (padded, no whitespace, re-encodes to itself) of exactly `bytes` bytes. */
export function isCanonicalBase64(value: unknown, bytes: number): value is string {
  if (typeof value !== 'string' || value.length !== 4 * Math.ceil(bytes / 3)) return false;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64');
  return decoded.length === bytes && decoded.toString('base64') === value;
}

function isWrappedKey(value: unknown): value is string {
  return isCanonicalBase64(value, WRAPPED_KEY_BYTES);
}

function isKeyVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_KEY_VERSION;
}

/** teamKeyCheck: HMAC-SHA256, 32 bytes. */
export const KEY_CHECK_BYTES = 32;
const keyCheck = (field: string) =>
  fieldOf((value): value is string => isCanonicalBase64(value, KEY_CHECK_BYTES), `${field} must be a team key check.`);

const wrappedKey = (field: string) => fieldOf(isWrappedKey, `${field} must be a wrapped team key.`);
const keyVersion = (field: string) => fieldOf(isKeyVersion, `${field} must be a key version.`);

export interface CreateTeamInput {
  readonly teamId: string;
  readonly name: string;
  readonly description?: string;
  readonly encryptedTeamKey: string;
  readonly keyCheck?: string;
}

const createTeamSchema = z.strictObject({
  teamId: documentId('teamId'),
  name: z
    .string({ error: TEAM_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: TEAM_MESSAGES.nameRequired, abort: true }),
      z.maxLength(TEAM_NAME_MAX, { error: TEAM_MESSAGES.nameTooLong, abort: true }),
      z.refine((name) => !isLinkLikeTeamName(name), { error: TEAM_MESSAGES.nameLinkLike }),
    ),
  description: z.nullish(
    z.string({ error: 'description must be text.' }).check(z.trim(), z.maxLength(TEAM_DESCRIPTION_MAX, { error: TEAM_MESSAGES.descriptionTooLong })),
  ),
  encryptedTeamKey: wrappedKey('encryptedTeamKey'),
  // Optional only for clients made before key checks; the owner publishes it later (confirmTeamKey).
  keyCheck: z.optional(keyCheck('keyCheck')),
});

/** The name and description trimmed; a blank description is left out. */
export function parseCreateTeam(data: unknown): CreateTeamInput {
  const { teamId, name, description, encryptedTeamKey, keyCheck: check } = parsePayload(createTeamSchema, data);
  return {
    teamId,
    name,
    ...(description ? { description } : {}),
    encryptedTeamKey,
    ...(check === undefined ? {} : { keyCheck: check }),
  };
}

const changeMemberRoleSchema = z.strictObject({ teamId: documentId('teamId'), userId: documentId('userId'), role });

export function parseChangeMemberRole(data: unknown): { readonly teamId: string; readonly userId: string; readonly role: TeamRole } {
  return parsePayload(changeMemberRoleSchema, data);
}

const removeTeamMemberSchema = z.strictObject({ teamId: documentId('teamId'), userId: documentId('userId') });

export function parseRemoveTeamMember(data: unknown): { readonly teamId: string; readonly userId: string } {
  return parsePayload(removeTeamMemberSchema, data);
}

const teamOnlySchema = z.strictObject({ teamId: documentId('teamId') });

export function parseTeamOnly(data: unknown): { readonly teamId: string } {
  return parsePayload(teamOnlySchema, data);
}

export interface GrantTeamKeyInput {
  readonly teamId: string;
  readonly userId: string;
  readonly keyVersion: number;
  readonly encryptedTeamKey: string;
}

const grantTeamKeySchema = z.strictObject({
  teamId: documentId('teamId'),
  userId: documentId('userId'),
  keyVersion: keyVersion('keyVersion'),
  encryptedTeamKey: wrappedKey('encryptedTeamKey'),
});

export function parseGrantTeamKey(data: unknown): GrantTeamKeyInput {
  return parsePayload(grantTeamKeySchema, data);
}

export interface RotateTeamKeyInput {
  readonly teamId: string;
  readonly fromVersion: number;
  readonly wraps: Readonly<Record<string, string>>;
  readonly sealedPreviousKey: string;
  readonly keyCheck: string;
}

const WRAPS_MESSAGE = 'wraps must map member ids to wrapped keys.';

const rotateTeamKeySchema = z.strictObject({
  teamId: documentId('teamId'),
  // The next version must be a key version too.
  fromVersion: keyVersion('fromVersion').check(z.refine((version) => version < MAX_KEY_VERSION, { error: 'fromVersion must be a key version.' })),
  wraps: z
    .record(fieldOf(isFirestoreId, WRAPS_MESSAGE), fieldOf(isWrappedKey, WRAPS_MESSAGE), { error: WRAPS_MESSAGE })
    .check(z.refine((wraps) => Object.keys(wraps).length > 0 && Object.keys(wraps).length <= MAX_WRAPS, { error: WRAPS_MESSAGE })),
  sealedPreviousKey: fieldOf((value): value is string => isCanonicalBase64(value, SEALED_KEY_BYTES), 'sealedPreviousKey must be a sealed team key.'),
  keyCheck: keyCheck('keyCheck'),
});

export function parseRotateTeamKey(data: unknown): RotateTeamKeyInput {
  return parsePayload(rotateTeamKeySchema, data);
}

const finishKeyRotationSchema = z.strictObject({ teamId: documentId('teamId'), keyVersion: keyVersion('keyVersion') });

export function parseFinishKeyRotation(data: unknown): { readonly teamId: string; readonly keyVersion: number } {
  return parsePayload(finishKeyRotationSchema, data);
}

const teamKeyVersionSchema = z.strictObject({ teamId: documentId('teamId'), keyVersion: keyVersion('keyVersion') });

/** confirmTeamKeyRotation and reportTeamKeyMismatch: a team and the key version the caller looked at. */
export function parseTeamKeyVersion(data: unknown): { readonly teamId: string; readonly keyVersion: number } {
  return parsePayload(teamKeyVersionSchema, data);
}

const confirmTeamKeySchema = z.strictObject({ teamId: documentId('teamId'), keyVersion: keyVersion('keyVersion'), keyCheck: keyCheck('keyCheck') });

export function parseConfirmTeamKey(data: unknown): { readonly teamId: string; readonly keyVersion: number; readonly keyCheck: string } {
  return parsePayload(confirmTeamKeySchema, data);
}
