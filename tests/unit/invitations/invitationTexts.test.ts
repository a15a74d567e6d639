import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import {
  canRetryInvitation,
  expiryText,
  invitationTeamName,
  lookupErrorMessage,
  responseErrorMessage,
} from '../../../src/features/invitations/invitationTexts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('lookupErrorMessage', () => {
  it('shows the server refusals SPEC.md §8 words', () => {
    expect(lookupErrorMessage(new Error(INVITATION_MESSAGES.notFound))).toBe('This invitation does not exist or has been removed.');
    expect(lookupErrorMessage(new Error(INVITATION_MESSAGES.notValid))).toBe(
      'This invitation has already been accepted or is no longer valid.',
    );
  });

  it.each([
    ['a network failure', new Error('Failed to fetch')],
    ['an internal error', new Error('internal')],
    ['a refusal that lookups never give', new Error(INVITATION_MESSAGES.wrongAccount)],
    ['a non-error', 'This invitation does not exist or has been removed.'],
    ['nothing', undefined],
  ])('falls back to the load failure for %s', (_case, error) => {
    expect(lookupErrorMessage(error)).toBe('Failed to load invitation details.');
  });
});

describe('responseErrorMessage', () => {
  it.each([INVITATION_MESSAGES.notFound, INVITATION_MESSAGES.notValid, INVITATION_MESSAGES.wrongAccount, INVITATION_MESSAGES.verifyFirst])(
    'shows the refusal %s',
    (message) => {
      expect(responseErrorMessage(new Error(message), INVITATION_MESSAGES.acceptFailed)).toBe(message);
    },
  );

  it('falls back for anything else', () => {
    expect(responseErrorMessage(new Error('internal'), INVITATION_MESSAGES.acceptFailed)).toBe(
      'Failed to accept invitation. Please try again.',
    );
    expect(responseErrorMessage({ message: INVITATION_MESSAGES.notFound }, INVITATION_MESSAGES.declineFailed)).toBe(
      'Failed to decline invitation. Please try again.',
    );
  });
});

describe('canRetryInvitation', () => {
  it('offers no retry when the invitation is gone or for someone else', () => {
    expect(canRetryInvitation(INVITATION_MESSAGES.noInviteId)).toBe(false);
    expect(canRetryInvitation(INVITATION_MESSAGES.notFound)).toBe(false);
    expect(canRetryInvitation(INVITATION_MESSAGES.notValid)).toBe(false);
    expect(canRetryInvitation(INVITATION_MESSAGES.wrongAccount)).toBe(false);
  });

  it('offers one after a passing failure or an unverified address', () => {
    expect(canRetryInvitation(INVITATION_MESSAGES.loadFailed)).toBe(true);
    expect(canRetryInvitation(INVITATION_MESSAGES.acceptFailed)).toBe(true);
    expect(canRetryInvitation(INVITATION_MESSAGES.verifyFirst)).toBe(true);
  });
});

describe('expiryText', () => {
  const now = 1_700_000_000_000;
  it.each([
    [7 * DAY, 'Expires in 7 days'],
    [7 * DAY - 1, 'Expires in 6 days'],
    [2 * DAY, 'Expires in 2 days'],
    [DAY + 23 * HOUR, 'Expires in 1 day'],
    [DAY, 'Expires in 1 day'],
    [DAY - 1, 'Expires in 23 hours'],
    [2 * HOUR, 'Expires in 2 hours'],
    [HOUR, 'Expires in 1 hour'],
    [HOUR - 1, 'Expires in less than an hour'],
    [1, 'Expires in less than an hour'],
    [0, 'Expired'],
    [-DAY, 'Expired'],
  ])('reads %i ms left as %s', (left, text) => {
    expect(expiryText(now + left, now)).toBe(text);
  });
});

describe('invitationTeamName', () => {
  it('trims the name and names a blank one', () => {
    expect(invitationTeamName('  Acme  ')).toBe('Acme');
    expect(invitationTeamName('   ')).toBe('Unnamed team');
  });
});
