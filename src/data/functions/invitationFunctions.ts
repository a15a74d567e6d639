import type { InvitationFunctions, InvitationPreview, InviteResult, LinkKey } from '../invitations/storedInvitations';
import { call, type Payload } from './callables';
import { UnexpectedReplyError, type CallableInvoker } from './teamFunctions';

// The invitation callables of docs/invitations.md over `call`. A refusal rejects with the server's
// HttpsError (its message is the one the contract names); a reply of the wrong shape rejects with
// UnexpectedReplyError rather than handing the invitations feature a half-read value.

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

function readInvite(reply: unknown): InviteResult {
  if (!isRecord(reply)) throw new UnexpectedReplyError('inviteTeamMember');
  const { inviteId, message } = reply;
  if (!isNonEmptyString(inviteId) || typeof message !== 'string') throw new UnexpectedReplyError('inviteTeamMember');
  return { inviteId, message };
}

function readLinkKey(value: unknown): LinkKey | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw new UnexpectedReplyError('lookupInvitation');
  const { teamId, keyVersion, encryptedTeamKeyWithSecret } = value;
  if (!isNonEmptyString(teamId) || !Number.isInteger(keyVersion) || !isNonEmptyString(encryptedTeamKeyWithSecret)) {
    throw new UnexpectedReplyError('lookupInvitation');
  }
  return { teamId, keyVersion: keyVersion as number, encryptedTeamKeyWithSecret };
}

function readPreview(reply: unknown): InvitationPreview {
  if (!isRecord(reply)) throw new UnexpectedReplyError('lookupInvitation');
  const { email, teamName, accountExists } = reply;
  if (!isNonEmptyString(email) || typeof teamName !== 'string' || typeof accountExists !== 'boolean') {
    throw new UnexpectedReplyError('lookupInvitation');
  }
  const linkKey = readLinkKey(reply.linkKey);
  const { alreadyMemberOf } = reply;
  if (alreadyMemberOf !== undefined && !isNonEmptyString(alreadyMemberOf)) throw new UnexpectedReplyError('lookupInvitation');
  const member = alreadyMemberOf === undefined ? {} : { alreadyMemberOf };
  return linkKey === null ? { email, teamName, accountExists, ...member } : { email, teamName, accountExists, ...member, linkKey };
}

function readAccepted(reply: unknown): { success: boolean; teamId: string | null } {
  if (!isRecord(reply) || reply.success !== true) throw new UnexpectedReplyError('acceptInvitation');
  const { teamId } = reply;
  if (!(teamId === null || isNonEmptyString(teamId))) throw new UnexpectedReplyError('acceptInvitation');
  return { success: true, teamId };
}

/** `{ [key]: true }`: the acknowledgement sendInvitationEmailWithSecret ({ sent }) and declineInvitation ({ success }) give. */
function readAcknowledged(name: string, key: string, reply: unknown): void {
  if (!isRecord(reply) || reply[key] !== true) throw new UnexpectedReplyError(name);
}

/** The optional fields only when given: a callable's payload carries no undefined. */
function withOptional(base: Payload, optional: Readonly<Record<string, string | undefined>>): Payload {
  return { ...base, ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) };
}

export function createInvitationFunctions(invoke: CallableInvoker = call): InvitationFunctions {
  return {
    inviteTeamMember: async ({ email, teamId, role }) => readInvite(await invoke('inviteTeamMember', { email, teamId, role })),
    sendInvitationEmailWithSecret: async ({ inviteId, sharedSecret }) => {
      const reply = await invoke('sendInvitationEmailWithSecret', withOptional({ inviteId }, { sharedSecret }));
      readAcknowledged('sendInvitationEmailWithSecret', 'sent', reply);
    },
    lookupInvitation: async ({ inviteId, proof }) => readPreview(await invoke('lookupInvitation', withOptional({ inviteId }, { proof }))),
    acceptInvitation: async ({ inviteId, proof }) => readAccepted(await invoke('acceptInvitation', withOptional({ inviteId }, { proof }))),
    declineInvitation: async ({ inviteId, proof }) => {
      readAcknowledged('declineInvitation', 'success', await invoke('declineInvitation', withOptional({ inviteId }, { proof })));
    },
    cancelInvitation: async ({ inviteId }) => {
      readAcknowledged('cancelInvitation', 'success', await invoke('cancelInvitation', { inviteId }));
    },
  };
}
