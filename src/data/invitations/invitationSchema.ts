import * as z from 'zod/mini';
import type { InvitationStatus, InviteRole } from '@keyloft/contract/invitations';
import { isStoredCiphertext, type SealPurpose, type Sealed } from '../../crypto/sealed';
import type { StoredInvitation } from './storedInvitations';

/** A stored ciphertext of `P`: base64-shaped here; whether it opens is for the browser holding the key. */
const ciphertext = <P extends SealPurpose>() => z.custom<Sealed<P>>(isStoredCiphertext);

// invitations/{inviteId} as inviteTeamMember writes it (docs/invitations.md). One schema, read by
// the browser's repository and by the invitation callables (ENGINEERING.md §9); fields it does not
// name are left out of what it returns.

const INVITE_ROLES = ['admin', 'full', 'view'] as const satisfies readonly InviteRole[];
const STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const satisfies readonly InvitationStatus[];

export const storedInvitationSchema: z.ZodMiniType<StoredInvitation> = z.object({
  email: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  role: z.enum(INVITE_ROLES),
  invitedBy: z.string(),
  invitedByEmail: z.nullable(z.string()),
  status: z.enum(STATUSES),
  createdAt: z.int(),
  expiresAt: z.int(),
  userExists: z.boolean(),
  userId: z.nullable(z.string()),
  keyVersion: z.nullable(z.int()),
  encryptedTeamKey: z.nullable(ciphertext<'team-key-wrap'>()),
  encryptedTeamKeyWithSecret: z.nullable(ciphertext<'invite-team-key'>()),
  proofHash: z.nullable(z.string()),
  emailsSent: z.int(),
  respondedAt: z.nullable(z.int()),
});
