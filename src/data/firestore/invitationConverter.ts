import type { InvitationStatus, InviteRole } from '../../domain/invitations';
import type { StoredInvitation } from '../invitations/storedInvitations';
import { field, isBoolean, isNullableNumber, isNullableString, isNumber, isString, type Data } from './fieldChecks';

const INVITE_ROLES: readonly InviteRole[] = ['admin', 'full', 'view'];
const STATUSES: readonly InvitationStatus[] = ['pending', 'accepted', 'declined'];

const isInviteRole = (value: unknown): value is InviteRole => INVITE_ROLES.some((role) => role === value);
const isStatus = (value: unknown): value is InvitationStatus => STATUSES.some((status) => status === value);

/** invitations/{inviteId} as inviteTeamMember writes it (docs/invitations.md); anything else is refused. */
export function invitationFrom(path: string, data: Data): StoredInvitation {
  return {
    email: field(path, data, 'email', isString),
    teamId: field(path, data, 'teamId', isString),
    teamName: field(path, data, 'teamName', isString),
    role: field(path, data, 'role', isInviteRole),
    invitedBy: field(path, data, 'invitedBy', isString),
    invitedByEmail: field(path, data, 'invitedByEmail', isNullableString),
    status: field(path, data, 'status', isStatus),
    createdAt: field(path, data, 'createdAt', isNumber),
    expiresAt: field(path, data, 'expiresAt', isNumber),
    userExists: field(path, data, 'userExists', isBoolean),
    userId: field(path, data, 'userId', isNullableString),
    keyVersion: field(path, data, 'keyVersion', isNullableNumber),
    encryptedTeamKey: field(path, data, 'encryptedTeamKey', isNullableString),
    encryptedTeamKeyWithSecret: field(path, data, 'encryptedTeamKeyWithSecret', isNullableString),
    proofHash: field(path, data, 'proofHash', isNullableString),
    emailsSent: field(path, data, 'emailsSent', isNumber),
    respondedAt: field(path, data, 'respondedAt', isNullableNumber),
  };
}
