import {
  changeMemberRoleRequest,
  confirmTeamKeyRequest,
  createTeamRequest,
  grantTeamKeyRequest,
  rotateTeamKeyRequest,
  teamKeyVersionRequest,
  teamMemberRequest,
  teamOnlyRequest,
} from '@keyloft/contract/callables/teams';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { asStoredCiphertext, type Sealed } from '../../../src/crypto/sealed';
import { parsePayload } from '../lib/payload';

// The team callables' requests (docs/teams.md), parsed with the shared schemas of
// src/domain/callables/teams.ts: each parser takes request.data, refuses unknown fields, and throws
// invalid-argument naming the field before anything is read. A wrapped or sealed key comes out as
// the ciphertext type the stored team holds (docs/architecture.md, "The ciphertext type"): the
// schema has checked its shape and size, so naming its purpose cannot fail here.

export { isCanonicalBase64, isFirestoreId, documentId } from '@keyloft/contract/callables/fields';
export { WRAPPED_KEY_BYTES, SEALED_KEY_BYTES, KEY_CHECK_BYTES, TEAM_NAME_MAX, TEAM_DESCRIPTION_MAX } from '@keyloft/contract/callables/teams';

export interface CreateTeamInput {
  readonly teamId: string;
  readonly name: string;
  readonly description?: string;
  readonly encryptedTeamKey: Sealed<'team-key-wrap'>;
  readonly keyCheck?: string;
}

/** The name and description trimmed; a blank description is left out. */
export function parseCreateTeam(data: unknown): CreateTeamInput {
  const { teamId, name, description, encryptedTeamKey, keyCheck } = parsePayload(createTeamRequest, data);
  return {
    teamId,
    name,
    ...(description ? { description } : {}),
    encryptedTeamKey: asStoredCiphertext('team-key-wrap', encryptedTeamKey),
    ...(keyCheck === undefined ? {} : { keyCheck }),
  };
}

export function parseChangeMemberRole(data: unknown): { readonly teamId: string; readonly userId: string; readonly role: TeamRole } {
  return parsePayload(changeMemberRoleRequest, data);
}

export function parseRemoveTeamMember(data: unknown): { readonly teamId: string; readonly userId: string } {
  return parsePayload(teamMemberRequest, data);
}

export function parseTeamOnly(data: unknown): { readonly teamId: string } {
  return parsePayload(teamOnlyRequest, data);
}

export interface GrantTeamKeyInput {
  readonly teamId: string;
  readonly userId: string;
  readonly keyVersion: number;
  readonly encryptedTeamKey: Sealed<'team-key-wrap'>;
}

export function parseGrantTeamKey(data: unknown): GrantTeamKeyInput {
  const request = parsePayload(grantTeamKeyRequest, data);
  return { ...request, encryptedTeamKey: asStoredCiphertext('team-key-wrap', request.encryptedTeamKey) };
}

export interface RotateTeamKeyInput {
  readonly teamId: string;
  readonly fromVersion: number;
  readonly wraps: Readonly<Record<string, Sealed<'team-key-wrap'>>>;
  readonly sealedPreviousKey: Sealed<'previous-team-key'>;
  readonly keyCheck: string;
}

export function parseRotateTeamKey(data: unknown): RotateTeamKeyInput {
  const request = parsePayload(rotateTeamKeyRequest, data);
  return {
    ...request,
    wraps: Object.fromEntries(Object.entries(request.wraps).map(([uid, wrap]) => [uid, asStoredCiphertext('team-key-wrap', wrap)])),
    sealedPreviousKey: asStoredCiphertext('previous-team-key', request.sealedPreviousKey),
  };
}

export function parseFinishKeyRotation(data: unknown): { readonly teamId: string; readonly keyVersion: number } {
  return parsePayload(teamKeyVersionRequest, data);
}

/** confirmTeamKeyRotation and reportTeamKeyMismatch: a team and the key version the caller looked at. */
export function parseTeamKeyVersion(data: unknown): { readonly teamId: string; readonly keyVersion: number } {
  return parsePayload(teamKeyVersionRequest, data);
}

export function parseConfirmTeamKey(data: unknown): { readonly teamId: string; readonly keyVersion: number; readonly keyCheck: string } {
  return parsePayload(confirmTeamKeyRequest, data);
}
