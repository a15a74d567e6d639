import { z } from 'zod';
import type { InvitationStatus, InviteRole } from '../../../src/domain/invitations';
import { ASSIGNABLE_ROLES } from '../../../src/domain/teamPermissions';
import type { StoredInvitation } from '../../../src/data/invitations/storedInvitations';

// The invitation as the decisions see it, read defensively from a stored document
// (docs/invitations.md). Pure.

export type { StoredInvitation };

const STATUSES = ['pending', 'accepted', 'declined'] as const satisfies readonly InvitationStatus[];

export function isInviteRole(value: unknown): value is InviteRole {
  return typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

/** docs/invitations.md's invitation document; fields it does not name are left out. */
const invitationSchema = z.object({
  email: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  role: z.custom<InviteRole>(isInviteRole),
  invitedBy: z.string(),
  invitedByEmail: z.string().nullable(),
  status: z.enum(STATUSES),
  createdAt: z.int(),
  expiresAt: z.int(),
  userExists: z.boolean(),
  userId: z.string().nullable(),
  keyVersion: z.int().nullable(),
  encryptedTeamKey: z.string().nullable(),
  encryptedTeamKeyWithSecret: z.string().nullable(),
  proofHash: z.string().nullable(),
  emailsSent: z.int(),
  respondedAt: z.int().nullable(),
});

/** The stored invitation, or null when the document does not have the shape of docs/invitations.md. */
export function readInvitation(data: unknown): StoredInvitation | null {
  const read = invitationSchema.safeParse(data);
  return read.success ? read.data : null;
}
