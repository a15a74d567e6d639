import { describe, expect, it } from 'vitest';
import { DecryptionError } from '../../../src/crypto';
import { MEMBER_MESSAGES, asSentence, memberErrorMessage, memberName, rotationProgressText, validateMemberEmail } from '../../../src/features/teams/memberForm';
import { MalformedRecordError } from '../../../src/data/firestore/fieldChecks';
import { ReencryptionError } from '../../../src/features/teams/rotation';
import { PublicKeyChangedError, TeamKeyError } from '../../../src/features/teams/teamKeys';

describe('validateMemberEmail (SPEC.md §5 "Add member")', () => {
  const members = [{ email: 'ana@example.com' }, { email: null }];

  it('requires an email', () => {
    expect(validateMemberEmail('', members)).toBe('Email is required');
    expect(validateMemberEmail('   ', members)).toBe('Email is required');
  });

  it('refuses bidi controls and zero-width characters with their own message', () => {
    for (const char of ['\u202E', '\u2066', '\u200F', '\u061C', '\u200B', '\u2060']) {
      expect(validateMemberEmail(`bo${char}@example.com`, members)).toBe(MEMBER_MESSAGES.hiddenCharacters);
    }
    expect(MEMBER_MESSAGES.hiddenCharacters).toBe('Email addresses cannot contain invisible or text-direction characters.');
    expect(memberErrorMessage(new Error(MEMBER_MESSAGES.hiddenCharacters), 'fallback')).toBe(MEMBER_MESSAGES.hiddenCharacters);
  });

  it('shows the per-recipient email cap’s refusals, the day’s and the hour’s, as they are', () => {
    for (const capped of [
      'This email address has received too many emails from Keyloft today. Please try again tomorrow.',
      'This email address has received too many emails from Keyloft in the last hour. Please try again in an hour.',
    ]) {
      expect(memberErrorMessage(new Error(capped), MEMBER_MESSAGES.inviteEmailFailed)).toBe(capped);
    }
  });

  it('requires a basic email shape', () => {
    for (const email of ['bob', 'bob@', 'bob@example', '@example.com', 'b ob@example.com']) {
      expect(validateMemberEmail(email, members)).toBe('Please enter a valid email address');
    }
  });

  it('refuses someone already listed, whatever the case and spaces', () => {
    expect(validateMemberEmail(' Ana@Example.com ', members)).toBe('This email address is already a member of the team');
  });

  it('accepts a new address', () => {
    expect(validateMemberEmail('bob@example.com', members)).toBeNull();
  });
});

describe('memberErrorMessage', () => {
  it('shows the spec’s messages and key errors as they are', () => {
    expect(memberErrorMessage(new Error('User not found'), MEMBER_MESSAGES.addFailed)).toBe('User not found');
    expect(memberErrorMessage(new Error('New member does not have a public key'), 'x')).toBe('New member does not have a public key');
    expect(memberErrorMessage(new Error('Only owners and admins can change member roles'), 'x')).toBe('Only owners and admins can change member roles');
    expect(memberErrorMessage(new TeamKeyError('You do not have access to the team key'), 'x')).toBe('You do not have access to the team key');
    expect(memberErrorMessage(new PublicKeyChangedError('bob@example.com'), 'x')).toMatch(/security key of bob@example.com has changed/);
  });

  it('falls back for anything else', () => {
    expect(memberErrorMessage(new Error('internal'), MEMBER_MESSAGES.addFailed)).toBe('Failed to add member');
    expect(memberErrorMessage('boom', MEMBER_MESSAGES.removeFailed)).toBe('Failed to remove member');
    expect(memberErrorMessage(undefined, MEMBER_MESSAGES.roleFailed)).toBe('Failed to update member role');
  });
});

describe('a re-encryption that left entries behind', () => {
  const unreadable = (id: string, title: string) => ({ id, title, error: new DecryptionError() });
  const unwritten = (id: string, title: string) => ({ id, title, error: new Error('connection lost') });

  it("shows SPEC.md §8's message, then asks to replace or delete the entries that no longer open", () => {
    expect(memberErrorMessage(new ReencryptionError([unreadable('e1', 'Printer')]), 'x')).toBe(
      "Failed to re-encrypt password: e1. “Printer” cannot be read with the team's keys: open the team's passwords, replace or delete it, then rotate the team key again.",
    );
    expect(memberErrorMessage(new ReencryptionError([unreadable('e1', 'Printer'), unwritten('e2', 'Router'), unreadable('e3', 'Wi-Fi')]), 'x')).toBe(
      "Failed to re-encrypt password: e1 (and 2 more). “Printer”, “Wi-Fi” cannot be read with the team's keys: open the team's passwords, replace or delete them, then rotate the team key again.",
    );
  });

  it('asks to delete a damaged document, alongside the entries that no longer open', () => {
    const damaged = (id: string, title: string) => ({ id, title, error: new MalformedRecordError(`passwords/${id}`, 'encrypted') });
    expect(memberErrorMessage(new ReencryptionError([damaged('e4', 'Runner')]), 'x')).toBe(
      "Failed to re-encrypt password: e4. “Runner” is damaged: open the team's passwords, delete it, then rotate the team key again.",
    );
    expect(memberErrorMessage(new ReencryptionError([damaged('e4', 'Runner'), unreadable('e1', 'Printer'), damaged('e5', 'e5')]), 'x')).toBe(
      "Failed to re-encrypt password: e4 (and 2 more). “Printer” cannot be read with the team's keys: open the team's passwords, replace or delete it, then rotate the team key again. " +
        "“Runner”, “e5” are damaged: open the team's passwords, delete them, then rotate the team key again.",
    );
  });

  it('only asks to try again when every failure was a write', () => {
    expect(memberErrorMessage(new ReencryptionError([unwritten('e2', 'Router')]), 'x')).toBe(
      'Failed to re-encrypt password: e2. The other passwords were re-encrypted; rotate the team key again to retry.',
    );
  });
});

describe('asSentence', () => {
  it('ends a text with one full stop', () => {
    expect(asSentence('Failed to finish the team key rotation')).toBe('Failed to finish the team key rotation.');
    expect(asSentence('Rotate again.')).toBe('Rotate again.');
  });
});

describe('rotationProgressText', () => {
  it('says what the rotation is doing', () => {
    expect(rotationProgressText(null)).toBe('Rotating the team key…');
    expect(rotationProgressText({ phase: 'rotating', done: 0, total: 0 })).toBe('Rotating the team key…');
    expect(rotationProgressText({ phase: 're-encrypting', done: 100, total: 250 })).toBe('Re-encrypting 100 of 250');
    expect(rotationProgressText({ phase: 'done', done: 0, total: 0 })).toBe('The team key was rotated.');
  });
});

describe('memberName', () => {
  it('is the email, or a short id for an account without one', () => {
    expect(memberName({ email: 'bob@example.com', uid: 'u1' })).toBe('bob@example.com');
    expect(memberName({ email: null, uid: 'abcdefghijkl' })).toBe('Member abcdefgh');
  });
});

describe('validateMemberEmail: well-formed text (issue #17)', () => {
  it('refuses an address with a lone surrogate, naming the field', () => {
    expect(validateMemberEmail('bob\uD83D@example.com', [])).toBe(
      'Email contains a broken character (half of an emoji or symbol). Retype that part and try again.',
    );
  });
});
