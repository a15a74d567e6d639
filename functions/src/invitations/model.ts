import { storedInvitationSchema } from '../../../src/data/invitations/invitationSchema';
import type { StoredInvitation } from '../../../src/data/invitations/storedInvitations';

// The invitation as the decisions see it, read from a stored document through the schema the
// browser reads it with (docs/invitations.md). Pure.

export type { StoredInvitation };

export { isInviteRole } from '@keyloft/contract/callables/invitations';

/** The stored invitation, or null when the document does not have the shape of docs/invitations.md. */
export function readInvitation(data: unknown): StoredInvitation | null {
  const read = storedInvitationSchema.safeParse(data);
  return read.success ? read.data : null;
}
