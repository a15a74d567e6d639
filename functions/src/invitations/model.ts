import type { InvitationStatus, InviteRole } from '../../../src/domain/invitations';
import { ASSIGNABLE_ROLES } from '../../../src/domain/teamPermissions';
import type { StoredInvitation } from '../../../src/data/invitations/storedInvitations';

// The invitation as the decisions see it, read defensively from a stored document
// (docs/invitations.md). Pure.

export type { StoredInvitation };

const STATUSES: readonly InvitationStatus[] = ['pending', 'accepted', 'declined'];

export function isInviteRole(value: unknown): value is InviteRole {
  return typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The stored invitation, or null when the document does not have the shape of docs/invitations.md. */
export function readInvitation(data: unknown): StoredInvitation | null {
  if (!isRecord(data)) return null;
  const { email, teamId, teamName, role, invitedBy, invitedByEmail, status, createdAt, expiresAt } = data;
  const { userExists, userId, keyVersion, encryptedTeamKey, encryptedTeamKeyWithSecret, proofHash, emailsSent, respondedAt } = data;
  if (typeof email !== 'string' || typeof teamId !== 'string' || typeof teamName !== 'string') return null;
  if (!isInviteRole(role) || typeof invitedBy !== 'string' || !isStringOrNull(invitedByEmail)) return null;
  if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) return null;
  if (!isInt(createdAt) || !isInt(expiresAt) || typeof userExists !== 'boolean' || !isStringOrNull(userId)) return null;
  if (keyVersion !== null && !isInt(keyVersion)) return null;
  if (!isStringOrNull(encryptedTeamKey) || !isStringOrNull(encryptedTeamKeyWithSecret) || !isStringOrNull(proofHash)) return null;
  if (!isInt(emailsSent) || (respondedAt !== null && !isInt(respondedAt))) return null;
  return {
    email,
    teamId,
    teamName,
    role,
    invitedBy,
    invitedByEmail,
    status: status as InvitationStatus,
    createdAt,
    expiresAt,
    userExists,
    userId,
    keyVersion,
    encryptedTeamKey,
    encryptedTeamKeyWithSecret,
    proofHash,
    emailsSent,
    respondedAt,
  };
}
