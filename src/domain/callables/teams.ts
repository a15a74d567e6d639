import * as z from 'zod/mini';
import { FIELD_LIMITS } from '../fieldLimits';
import { LINK_LIKE_TEAM_NAME_MESSAGE, isLinkLikeTeamName } from '../teamName';
import { isTeamRole, PERMISSION_MESSAGES, type TeamRole } from '../teamPermissions';
import { documentId, fieldOf, isCanonicalBase64, isFirestoreId } from './fields';

// The team callables' contract (docs/teams.md): what each takes, parsed strictly by the function
// before anything is read, and what each answers, parsed by the app's wrapper.

/** An RSA-2048 OAEP ciphertext. */
export const WRAPPED_KEY_BYTES = 256;
/** sealPreviousTeamKey: base64(12-byte IV ‖ 32-byte AES-256 key ‖ 16-byte tag). */
export const SEALED_KEY_BYTES = 60;
/** teamKeyCheck: HMAC-SHA256, 32 bytes. */
export const KEY_CHECK_BYTES = 32;
export const TEAM_NAME_MAX = FIELD_LIMITS.teamName;
export const TEAM_DESCRIPTION_MAX = FIELD_LIMITS.teamDescription;
const MAX_WRAPS = 1000;
const MAX_KEY_VERSION = 2 ** 31 - 1;

/** The refusals of createTeam's fields (SPEC.md §6 does not word them). */
export const TEAM_REQUEST_MESSAGES = Object.freeze({
  nameRequired: 'Team name is required',
  nameTooLong: 'Team name must be at most 100 characters',
  nameLinkLike: LINK_LIKE_TEAM_NAME_MESSAGE,
  descriptionTooLong: 'Team description must be at most 500 characters',
});

/** Any of the four roles; that the owner role is never given is the permission decision's call. */
const role = fieldOf<TeamRole>(isTeamRole, PERMISSION_MESSAGES.unknownRole);

function isWrappedKey(value: unknown): value is string {
  return isCanonicalBase64(value, WRAPPED_KEY_BYTES);
}

function isKeyVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_KEY_VERSION;
}

const keyCheck = (field: string) =>
  fieldOf((value): value is string => isCanonicalBase64(value, KEY_CHECK_BYTES), `${field} must be a team key check.`);
const wrappedKey = (field: string) => fieldOf(isWrappedKey, `${field} must be a wrapped team key.`);
const keyVersion = (field: string) => fieldOf(isKeyVersion, `${field} must be a key version.`);

/** Name and description come back trimmed; a blank description is the function's to drop. */
export const createTeamRequest = z.strictObject({
  teamId: documentId('teamId'),
  name: z
    .string({ error: TEAM_REQUEST_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: TEAM_REQUEST_MESSAGES.nameRequired, abort: true }),
      z.maxLength(TEAM_NAME_MAX, { error: TEAM_REQUEST_MESSAGES.nameTooLong, abort: true }),
      z.refine((name) => !isLinkLikeTeamName(name), { error: TEAM_REQUEST_MESSAGES.nameLinkLike }),
    ),
  description: z.nullish(
    z.string({ error: 'description must be text.' }).check(z.trim(), z.maxLength(TEAM_DESCRIPTION_MAX, { error: TEAM_REQUEST_MESSAGES.descriptionTooLong })),
  ),
  encryptedTeamKey: wrappedKey('encryptedTeamKey'),
  // Optional only for clients made before key checks; the owner publishes it later (confirmTeamKey).
  keyCheck: z.optional(keyCheck('keyCheck')),
});

export const changeMemberRoleRequest = z.strictObject({ teamId: documentId('teamId'), userId: documentId('userId'), role });

/** removeTeamMember. */
export const teamMemberRequest = z.strictObject({ teamId: documentId('teamId'), userId: documentId('userId') });

/** leaveTeam and deleteTeam. */
export const teamOnlyRequest = z.strictObject({ teamId: documentId('teamId') });

export const grantTeamKeyRequest = z.strictObject({
  teamId: documentId('teamId'),
  userId: documentId('userId'),
  keyVersion: keyVersion('keyVersion'),
  encryptedTeamKey: wrappedKey('encryptedTeamKey'),
});

const WRAPS_MESSAGE = 'wraps must map member ids to wrapped keys.';

export const rotateTeamKeyRequest = z.strictObject({
  teamId: documentId('teamId'),
  // The next version must be a key version too.
  fromVersion: keyVersion('fromVersion').check(z.refine((version) => version < MAX_KEY_VERSION, { error: 'fromVersion must be a key version.' })),
  wraps: z
    .record(fieldOf(isFirestoreId, WRAPS_MESSAGE), fieldOf(isWrappedKey, WRAPS_MESSAGE), { error: WRAPS_MESSAGE })
    .check(z.refine((wraps) => Object.keys(wraps).length > 0 && Object.keys(wraps).length <= MAX_WRAPS, { error: WRAPS_MESSAGE })),
  sealedPreviousKey: fieldOf((value): value is string => isCanonicalBase64(value, SEALED_KEY_BYTES), 'sealedPreviousKey must be a sealed team key.'),
  keyCheck: keyCheck('keyCheck'),
});

/** finishKeyRotation, confirmTeamKeyRotation and reportTeamKeyMismatch: a team and a key version. */
export const teamKeyVersionRequest = z.strictObject({ teamId: documentId('teamId'), keyVersion: keyVersion('keyVersion') });

export const confirmTeamKeyRequest = z.strictObject({ teamId: documentId('teamId'), keyVersion: keyVersion('keyVersion'), keyCheck: keyCheck('keyCheck') });

/** The acknowledgement of every team callable but createTeam and rotateTeamKey. */
export const teamDoneReply = z.object({ ok: z.literal(true) });

export const createTeamReply = z.object({ teamId: z.string() });

/** The version the team is at now, and whether the new key took effect (an admin's waits for the owner). */
export const rotateTeamKeyReply = z.object({ keyVersion: z.int(), committed: z.boolean() });
export type RotateTeamKeyReply = z.output<typeof rotateTeamKeyReply>;
