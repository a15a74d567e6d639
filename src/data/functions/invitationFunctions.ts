import { acceptReply, inviteReply, lookupReply, sentReply, successReply, type InvitationPreview } from '@keyloft/contract/callables/invitations';
import type { InvitationFunctions } from '../invitations/storedInvitations';
import { call, type Payload } from './callables';
import { readReply, type CallableInvoker } from './reply';

// The invitation callables of docs/invitations.md over `call`. A refusal rejects with the server's
// HttpsError (its message is the one the contract names); each reply is read with its schema
// (src/domain/callables/invitations.ts), a wrong shape rejecting with UnexpectedReplyError.

/** Exactly the preview: no null key copy, no alreadyMemberOf the server did not send. */
function readPreview(reply: unknown): InvitationPreview {
  const { email, teamName, accountExists, alreadyMemberOf, linkKey } = readReply('lookupInvitation', lookupReply, reply);
  const member = alreadyMemberOf === undefined ? {} : { alreadyMemberOf };
  return linkKey == null ? { email, teamName, accountExists, ...member } : { email, teamName, accountExists, ...member, linkKey };
}

/** The optional fields only when given: a callable's payload carries no undefined. */
function withOptional(base: Payload, optional: Readonly<Record<string, string | undefined>>): Payload {
  return { ...base, ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) };
}

export function createInvitationFunctions(invoke: CallableInvoker = call): InvitationFunctions {
  return {
    inviteTeamMember: async ({ email, teamId, role }) => readReply('inviteTeamMember', inviteReply, await invoke('inviteTeamMember', { email, teamId, role })),
    sendInvitationEmailWithSecret: async ({ inviteId, sharedSecret }) => {
      readReply('sendInvitationEmailWithSecret', sentReply, await invoke('sendInvitationEmailWithSecret', withOptional({ inviteId }, { sharedSecret })));
    },
    lookupInvitation: async ({ inviteId, proof }) => readPreview(await invoke('lookupInvitation', withOptional({ inviteId }, { proof }))),
    acceptInvitation: async ({ inviteId, proof }) => readReply('acceptInvitation', acceptReply, await invoke('acceptInvitation', withOptional({ inviteId }, { proof }))),
    declineInvitation: async ({ inviteId, proof }) => {
      readReply('declineInvitation', successReply, await invoke('declineInvitation', withOptional({ inviteId }, { proof })));
    },
    cancelInvitation: async ({ inviteId }) => {
      readReply('cancelInvitation', successReply, await invoke('cancelInvitation', { inviteId }));
    },
  };
}
