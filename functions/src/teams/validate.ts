import { HttpsError } from 'firebase-functions/v2/https';
import { isTeamRole, PERMISSION_MESSAGES, type TeamRole } from '../../../src/domain/teamPermissions';
import { requireObject } from '../lib/callable';
import { TEAM_MESSAGES } from './messages';

// Strict payload checks for the team callables (docs/teams.md). Each parser takes request.data,
// refuses unknown fields, and throws invalid-argument naming the field before anything is read.

type Data = Readonly<Record<string, unknown>>;

/** Firestore document ids and Auth uids as this app makes them; safe as a map key in a field path. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const RESERVED_ID = /^__.*__$/;
/** An RSA-2048 OAEP ciphertext. */
export const WRAPPED_KEY_BYTES = 256;
/** sealPreviousTeamKey: base64(12-byte IV ‖ 32-byte AES-256 key ‖ 16-byte tag). */
export const SEALED_KEY_BYTES = 60;
export const TEAM_NAME_MAX = 100;
export const TEAM_DESCRIPTION_MAX = 500;
const MAX_WRAPS = 1000;
const MAX_KEY_VERSION = 2 ** 31 - 1;

function invalid(message: string): never {
  throw new HttpsError('invalid-argument', message);
}

/** request.data as an object with only the `allowed` fields, or invalid-argument. */
export function payload(data: unknown, allowed: readonly string[]): Data {
  const object = requireObject(data);
  const unknown = Object.keys(object).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) invalid(`Unexpected field: ${unknown.join(', ')}.`);
  return object;
}

export function isFirestoreId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !RESERVED_ID.test(value);
}

/** A document id field, or invalid-argument naming it. */
export function id(data: Data, field: string): string {
  const value = data[field];
  if (!isFirestoreId(value)) invalid(`${field} must be a document id.`);
  return value;
}

/** Canonical base64 (padded, no whitespace, re-encodes to itself) of exactly `bytes` bytes. */
export function isCanonicalBase64(value: unknown, bytes: number): value is string {
  if (typeof value !== 'string' || value.length !== 4 * Math.ceil(bytes / 3)) return false;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64');
  return decoded.length === bytes && decoded.toString('base64') === value;
}

function wrappedKey(data: Data, field: string): string {
  const value = data[field];
  if (!isCanonicalBase64(value, WRAPPED_KEY_BYTES)) invalid(`${field} must be a wrapped team key.`);
  return value;
}

function keyVersion(data: Data, field: string): number {
  const value = data[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_KEY_VERSION) {
    invalid(`${field} must be a key version.`);
  }
  return value;
}

/** Any of the four roles; that the owner role is never given is the permission decision's call. */
function role(data: Data, field: string): TeamRole {
  const value = data[field];
  if (!isTeamRole(value)) invalid(PERMISSION_MESSAGES.unknownRole);
  return value;
}

export interface CreateTeamInput {
  readonly teamId: string;
  readonly name: string;
  readonly description?: string;
  readonly encryptedTeamKey: string;
}

export function parseCreateTeam(data: unknown): CreateTeamInput {
  const d = payload(data, ['teamId', 'name', 'description', 'encryptedTeamKey']);
  const teamId = id(d, 'teamId');
  if (typeof d.name !== 'string' || d.name.trim() === '') invalid(TEAM_MESSAGES.nameRequired);
  const name = d.name.trim();
  if (name.length > TEAM_NAME_MAX) invalid(TEAM_MESSAGES.nameTooLong);
  let description: string | undefined;
  if (d.description !== undefined && d.description !== null) {
    if (typeof d.description !== 'string') invalid('description must be text.');
    const trimmed = d.description.trim();
    if (trimmed.length > TEAM_DESCRIPTION_MAX) invalid(TEAM_MESSAGES.descriptionTooLong);
    if (trimmed !== '') description = trimmed;
  }
  const encryptedTeamKey = wrappedKey(d, 'encryptedTeamKey');
  return description === undefined ? { teamId, name, encryptedTeamKey } : { teamId, name, description, encryptedTeamKey };
}

export function parseChangeMemberRole(data: unknown): { readonly teamId: string; readonly userId: string; readonly role: TeamRole } {
  const d = payload(data, ['teamId', 'userId', 'role']);
  return { teamId: id(d, 'teamId'), userId: id(d, 'userId'), role: role(d, 'role') };
}

export function parseRemoveTeamMember(data: unknown): { readonly teamId: string; readonly userId: string } {
  const d = payload(data, ['teamId', 'userId']);
  return { teamId: id(d, 'teamId'), userId: id(d, 'userId') };
}

export function parseTeamOnly(data: unknown): { readonly teamId: string } {
  const d = payload(data, ['teamId']);
  return { teamId: id(d, 'teamId') };
}

export interface GrantTeamKeyInput {
  readonly teamId: string;
  readonly userId: string;
  readonly keyVersion: number;
  readonly encryptedTeamKey: string;
}

export function parseGrantTeamKey(data: unknown): GrantTeamKeyInput {
  const d = payload(data, ['teamId', 'userId', 'keyVersion', 'encryptedTeamKey']);
  return {
    teamId: id(d, 'teamId'),
    userId: id(d, 'userId'),
    keyVersion: keyVersion(d, 'keyVersion'),
    encryptedTeamKey: wrappedKey(d, 'encryptedTeamKey'),
  };
}

export interface RotateTeamKeyInput {
  readonly teamId: string;
  readonly fromVersion: number;
  readonly wraps: Readonly<Record<string, string>>;
  readonly sealedPreviousKey: string;
}

export function parseRotateTeamKey(data: unknown): RotateTeamKeyInput {
  const d = payload(data, ['teamId', 'fromVersion', 'wraps', 'sealedPreviousKey']);
  const teamId = id(d, 'teamId');
  const fromVersion = keyVersion(d, 'fromVersion');
  if (fromVersion >= MAX_KEY_VERSION) invalid('fromVersion must be a key version.');
  const rawWraps = d.wraps;
  if (typeof rawWraps !== 'object' || rawWraps === null || Array.isArray(rawWraps)) invalid('wraps must map member ids to wrapped keys.');
  const entries = Object.entries(rawWraps as Data);
  if (entries.length === 0 || entries.length > MAX_WRAPS) invalid('wraps must map member ids to wrapped keys.');
  const wraps: Record<string, string> = {};
  for (const [uid, wrapped] of entries) {
    if (!isFirestoreId(uid) || !isCanonicalBase64(wrapped, WRAPPED_KEY_BYTES)) invalid('wraps must map member ids to wrapped keys.');
    wraps[uid] = wrapped;
  }
  const sealedPreviousKey = d.sealedPreviousKey;
  if (!isCanonicalBase64(sealedPreviousKey, SEALED_KEY_BYTES)) invalid('sealedPreviousKey must be a sealed team key.');
  return { teamId, fromVersion, wraps, sealedPreviousKey };
}

export function parseFinishKeyRotation(data: unknown): { readonly teamId: string; readonly keyVersion: number } {
  const d = payload(data, ['teamId', 'keyVersion']);
  return { teamId: id(d, 'teamId'), keyVersion: keyVersion(d, 'keyVersion') };
}
