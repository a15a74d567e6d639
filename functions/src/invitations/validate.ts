import type { InviteRole } from '@keyloft/contract/invitations';
import {
  inviteIdRequest,
  inviteTeamMemberRequest,
  respondRequest,
  sendInvitationEmailRequest,
} from '@keyloft/contract/callables/invitations';
import { parsePayload } from '../lib/payload';

// The invitation callables' requests (docs/invitations.md), parsed with the shared schemas of
// src/domain/callables/invitations.ts: unknown fields are refused, and each bad field is an
// invalid-argument before anything is read. A refusal never repeats the value.

export { isBase64Url32 } from '@keyloft/contract/callables/fields';

export interface InviteTeamMemberInput {
  /** Trimmed and lower-cased. */
  readonly email: string;
  readonly teamId: string;
  readonly role: InviteRole;
}

export function parseInviteTeamMember(data: unknown): InviteTeamMemberInput {
  return parsePayload(inviteTeamMemberRequest, data);
}

/** cancelInvitation: the invitation's id, nothing else. */
export function parseInviteId(data: unknown): { readonly inviteId: string } {
  return parsePayload(inviteIdRequest, data);
}

/** lookupInvitation: the id, and the link's accept proof when the link's key copy is wanted. */
export function parseLookupInvitation(data: unknown): { readonly inviteId: string; readonly proof?: string } {
  return parseRespond(data);
}

export interface SendInvitationEmailInput {
  readonly inviteId: string;
  readonly sharedSecret?: string;
}

export function parseSendInvitationEmail(data: unknown): SendInvitationEmailInput {
  const { inviteId, sharedSecret } = parsePayload(sendInvitationEmailRequest, data);
  return sharedSecret == null ? { inviteId } : { inviteId, sharedSecret };
}

export interface RespondInput {
  readonly inviteId: string;
  readonly proof?: string;
}

/** acceptInvitation and declineInvitation. */
export function parseRespond(data: unknown): RespondInput {
  const { inviteId, proof } = parsePayload(respondRequest, data);
  return proof == null ? { inviteId } : { inviteId, proof };
}
