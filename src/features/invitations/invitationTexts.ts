import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { countOf } from '../../ui/format';

// Pure rules of the invitation screens: which failures show their own message, and how an
// invitation's expiry reads.

// The server's refusals a person can act on (docs/invitations.md, callables). Anything else (a
// network failure, an internal error, a key that would not open) shows the operation's fallback.
const LOOKUP_REFUSALS: ReadonlySet<string> = new Set([INVITATION_MESSAGES.notFound, INVITATION_MESSAGES.notValid]);
const RESPONSE_REFUSALS: ReadonlySet<string> = new Set([
  INVITATION_MESSAGES.notFound,
  INVITATION_MESSAGES.notValid,
  INVITATION_MESSAGES.wrongAccount,
  INVITATION_MESSAGES.verifyFirst,
]);
// Refusals that asking again with the same link and account cannot change.
const FINAL_REFUSALS: ReadonlySet<string> = new Set([
  INVITATION_MESSAGES.noInviteId,
  INVITATION_MESSAGES.notFound,
  INVITATION_MESSAGES.notValid,
  INVITATION_MESSAGES.wrongAccount,
]);

function shown(error: unknown, allowed: ReadonlySet<string>, fallback: string): string {
  return error instanceof Error && allowed.has(error.message) ? error.message : fallback;
}

/** The accept page's message for a failed lookup (SPEC.md §8, invitation page). */
export function lookupErrorMessage(error: unknown): string {
  return shown(error, LOOKUP_REFUSALS, INVITATION_MESSAGES.loadFailed);
}

/** The message for a failed accept or decline: the server's refusal, else `fallback`. */
export function responseErrorMessage(error: unknown, fallback: string): string {
  return shown(error, RESPONSE_REFUSALS, fallback);
}

/** False for a message that trying again cannot change (the invitation is gone, or for someone else). */
export function canRetryInvitation(message: string): boolean {
  return !FINAL_REFUSALS.has(message);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** 'Expires in 6 days', 'Expires in 3 hours', …: rounded down, so it never promises more time than is left. */
export function expiryText(expiresAt: number, now: number): string {
  const left = expiresAt - now;
  if (left <= 0) return 'Expired';
  if (left < HOUR_MS) return 'Expires in less than an hour';
  if (left < DAY_MS) return `Expires in ${countOf(Math.floor(left / HOUR_MS), 'hour')}`;
  return `Expires in ${countOf(Math.floor(left / DAY_MS), 'day')}`;
}

/** How a team is named in the list and in button labels; a blank name is still something to say. */
export function invitationTeamName(teamName: string): string {
  const trimmed = teamName.trim();
  return trimmed === '' ? 'Unnamed team' : trimmed;
}

/** A reopened link of an invitation the user already accepted (issue #17): said, then the team opens. */
export function alreadyMemberText(teamName: string): string {
  return teamName === '' ? 'You are already a member of this team.' : `You are already a member of ${teamName}.`;
}
