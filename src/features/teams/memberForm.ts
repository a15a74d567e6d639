import { HIDDEN_CHARACTERS_MESSAGE, RECIPIENT_CAP_MESSAGE, RECIPIENT_HOURLY_CAP_MESSAGE, hasHiddenCharacters } from '@keyloft/contract/emailAddress';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { PERMISSION_MESSAGES } from '@keyloft/contract/teamPermissions';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';
import type { TeamMember } from './model';
import { ReencryptionError, type RotationProgress } from './rotation';
import { KnownKeyDamagedError } from './knownKeys';
import { PublicKeyChangedError, TEAM_KEY_MESSAGES, TeamKeyError } from './teamKeys';

// Pure rules of the 'Manage Team Members' modal (SPEC.md §2, §5 "Add member", §8).

export const MEMBER_MESSAGES = Object.freeze({
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  hiddenCharacters: HIDDEN_CHARACTERS_MESSAGE,
  brokenEmail: brokenTextMessage('Email'),
  alreadyMember: PERMISSION_MESSAGES.alreadyMember,
  addFailed: 'Failed to add member',
  roleFailed: 'Failed to update member role',
  removeFailed: 'Failed to remove member',
  grantFailed: TEAM_KEY_MESSAGES.grantFailed,
  // Not worded by the spec:
  loadFailed: 'Failed to load team members',
  leaveFailed: 'Failed to leave the team',
  rotationFailed: 'Failed to finish the team key rotation',
  rotating: 'Rotating the team key…',
  awaitingOwner:
    'The team key was rotated: new passwords are saved under the new key. Passwords saved before are re-encrypted once the team owner confirms the new key (when they next open Keyloft).',
  inviteEmailFailed: 'Failed to send the invitation email',
  abandonFailed: 'The invitation could not be withdrawn; cancel it under Pending Invitations',
});

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first message of SPEC.md §5 "Add member" that applies, or null when the email may be looked up. */
export function validateMemberEmail(email: string, members: readonly Pick<TeamMember, 'email'>[]): string | null {
  const trimmed = email.trim().toLowerCase();
  if (trimmed === '') return MEMBER_MESSAGES.emailRequired;
  if (!isWellFormedText(trimmed)) return MEMBER_MESSAGES.brokenEmail;
  if (hasHiddenCharacters(trimmed)) return MEMBER_MESSAGES.hiddenCharacters;
  if (!EMAIL_SHAPE.test(trimmed)) return MEMBER_MESSAGES.invalidEmail;
  if (members.some((member) => member.email?.toLowerCase() === trimmed)) return MEMBER_MESSAGES.alreadyMember;
  return null;
}

// Messages a refusal may carry to the screen as they are: the §6 and §8 texts and the callables'
// own. Anything else (a network failure, an internal error) shows the operation's fallback.
const SERVER_MESSAGES: ReadonlySet<string> = new Set([
  ...Object.values(PERMISSION_MESSAGES),
  ...Object.values(TEAM_KEY_MESSAGES),
  'This team is being deleted',
  'The team key has changed; reload the team and try again',
  'Only members who can edit passwords can rotate the team key',
  'The previous team key is kept until the team owner confirms the new one',
  'Finish the current key rotation first',
  'Some team passwords are still encrypted with the previous team key',
  INVITATION_MESSAGES.alreadyInvited,
  INVITATION_MESSAGES.tooMany,
  INVITATION_MESSAGES.tooManyEmails,
  INVITATION_MESSAGES.onlyInviterEmails,
  INVITATION_MESSAGES.notFound,
  INVITATION_MESSAGES.notValid,
  MEMBER_MESSAGES.invalidEmail,
  MEMBER_MESSAGES.hiddenCharacters,
  RECIPIENT_CAP_MESSAGE,
  RECIPIENT_HOURLY_CAP_MESSAGE,
]);

/** What a failed member operation shows: its own message when it is one a user can act on, else `fallback`. */
export function memberErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ReencryptionError) return reencryptionMessage(error);
  if (error instanceof PublicKeyChangedError || error instanceof KnownKeyDamagedError || error instanceof TeamKeyError) return error.message;
  if (error instanceof Error && SERVER_MESSAGES.has(error.message)) return error.message;
  return fallback;
}

/**
 * SPEC.md §8's 'Failed to re-encrypt password: {id}', then what helps: an entry that no longer
 * opens with the previous key stays that way until someone replaces or deletes it; a damaged
 * document until someone deletes it; a write that failed needs only another run. Either way the
 * other entries were re-encrypted.
 */
function reencryptionMessage(error: ReencryptionError): string {
  const { unreadableTitles: unreadable, damagedTitles: damaged } = error;
  const quoted = (titles: readonly string[]) => titles.map((title) => `“${title}”`).join(', ');
  const steps: string[] = [];
  if (unreadable.length > 0) {
    steps.push(
      `${quoted(unreadable)} cannot be read with the team's keys: open the team's passwords, ` +
        `replace or delete ${unreadable.length === 1 ? 'it' : 'them'}, then rotate the team key again.`,
    );
  }
  if (damaged.length > 0) {
    steps.push(
      `${quoted(damaged)} ${damaged.length === 1 ? 'is' : 'are'} damaged: open the team's passwords, ` +
        `delete ${damaged.length === 1 ? 'it' : 'them'}, then rotate the team key again.`,
    );
  }
  if (steps.length === 0) steps.push('The other passwords were re-encrypted; rotate the team key again to retry.');
  return `${error.message}. ${steps.join(' ')}`;
}

/** `text` as a sentence: with a full stop at the end, once. */
export function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The live progress line of a running rotation. */
export function rotationProgressText(progress: RotationProgress | null): string {
  if (progress?.phase === 'done') return 'The team key was rotated.';
  if (progress?.phase === 'awaiting-owner') return MEMBER_MESSAGES.awaitingOwner;
  if (progress === null || progress.phase === 'rotating' || progress.total === 0) return MEMBER_MESSAGES.rotating;
  return `Re-encrypting ${progress.done} of ${progress.total}`;
}

/** How a member is named on screen and in labels ('Role of bob@example.com'). */
export function memberName(member: Pick<TeamMember, 'email' | 'uid'>): string {
  return member.email ?? `Member ${member.uid.slice(0, 8)}`;
}
