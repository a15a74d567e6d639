import { describe, expect, it } from 'vitest';
import {
  PASSWORD_FORM_MESSAGES,
  validatePasswordDraft,
} from '../../../src/features/vault/form/validatePasswordDraft';
import type { PasswordDraft } from '../../../src/features/vault/model';

const complete: PasswordDraft = {
  title: 'GitHub',
  url: 'https://github.com',
  notes: 'Recovery codes in the safe',
  username: 'octocat',
  password: 'correct horse',
  groupId: 'g1',
};

describe('validatePasswordDraft', () => {
  it('uses the messages of SPEC.md §5 verbatim', () => {
    expect(PASSWORD_FORM_MESSAGES).toEqual({
      titleRequired: 'Title is required',
      usernameRequired: 'Username is required',
      passwordRequired: 'Password is required',
    });
  });

  it('accepts a complete draft', () => {
    expect(validatePasswordDraft(complete)).toEqual({ ok: true, value: complete });
  });

  it.each([
    ['title', 'Title is required'],
    ['username', 'Username is required'],
    ['password', 'Password is required'],
  ] as const)('requires the %s', (field, message) => {
    expect(validatePasswordDraft({ ...complete, [field]: '' })).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('reports every missing field at once', () => {
    expect(validatePasswordDraft({ ...complete, title: '', username: '', password: '' })).toEqual({
      ok: false,
      errors: {
        title: 'Title is required',
        username: 'Username is required',
        password: 'Password is required',
      },
    });
  });

  it('treats whitespace only as missing', () => {
    expect(validatePasswordDraft({ ...complete, title: '  ', username: '\t', password: ' \n ' })).toEqual({
      ok: false,
      errors: {
        title: 'Title is required',
        username: 'Username is required',
        password: 'Password is required',
      },
    });
  });

  it('trims every value, the password included (SPEC.md §5 "Values are trimmed")', () => {
    const result = validatePasswordDraft({
      title: '  GitHub ',
      url: ' https://github.com\n',
      notes: '\n line one\nline two  ',
      username: ' octocat ',
      password: '  correct horse  ',
      groupId: null,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        title: 'GitHub',
        url: 'https://github.com',
        notes: 'line one\nline two',
        username: 'octocat',
        password: 'correct horse',
        groupId: null,
      },
    });
  });

  it('omits an empty url and empty notes (null)', () => {
    const result = validatePasswordDraft({ ...complete, url: '', notes: '   ' });
    expect(result).toEqual({ ok: true, value: { ...complete, url: null, notes: null } });
  });

  it('keeps the group, with an empty group id as none', () => {
    expect(validatePasswordDraft({ ...complete, groupId: null })).toMatchObject({ ok: true, value: { groupId: null } });
    expect(validatePasswordDraft({ ...complete, groupId: '' })).toMatchObject({ ok: true, value: { groupId: null } });
  });
});

describe('validatePasswordDraft: what the rules would refuse is said in the form (issue #17)', () => {
  const LONE = '\uD83D';

  it('refuses a lone surrogate in any field, naming the field, before anything is saved', () => {
    for (const [field, label] of [
      ['title', 'Title'],
      ['url', 'URL'],
      ['username', 'Username'],
      ['password', 'Password'],
      ['notes', 'Notes'],
    ] as const) {
      const result = validatePasswordDraft({ ...complete, [field]: `ab${LONE}cd` });
      expect(result).toEqual({ ok: false, errors: { [field]: `${label} contains a broken character (half of an emoji or symbol). Retype that part and try again.` } });
    }
  });

  it('accepts emoji and other paired surrogates', () => {
    expect(validatePasswordDraft({ ...complete, title: 'Bank 🏦', password: '𝔭𝔞𝔰𝔰😀' }).ok).toBe(true);
  });

  it('refuses a title, url or notes over the rules’ limit (counted as the rules count: UTF-16 units, after trimming)', () => {
    expect(validatePasswordDraft({ ...complete, title: ` ${'t'.repeat(500)} ` }).ok).toBe(true);
    expect(validatePasswordDraft({ ...complete, title: 't'.repeat(501) })).toEqual({ ok: false, errors: { title: 'Title must be at most 500 characters' } });
    expect(validatePasswordDraft({ ...complete, title: '😀'.repeat(251) })).toEqual({ ok: false, errors: { title: 'Title must be at most 500 characters' } });
    expect(validatePasswordDraft({ ...complete, url: `https://x.example/${'a'.repeat(2048)}` })).toEqual({
      ok: false,
      errors: { url: 'URL must be at most 2048 characters' },
    });
    expect(validatePasswordDraft({ ...complete, notes: 'n'.repeat(10_000) }).ok).toBe(true);
    expect(validatePasswordDraft({ ...complete, notes: 'n'.repeat(10_001) })).toEqual({ ok: false, errors: { notes: 'Notes must be at most 10000 characters' } });
  });

  it('refuses a username or password whose UTF-8 bytes would not fit the sealed limit', () => {
    expect(validatePasswordDraft({ ...complete, password: 'p'.repeat(6116) }).ok).toBe(true);
    const tooLong = validatePasswordDraft({ ...complete, username: 'u'.repeat(6117), password: 'é'.repeat(3059) });
    expect(tooLong).toEqual({
      ok: false,
      errors: {
        username: 'Username must be at most 6116 bytes (fewer characters for accented letters, other scripts or emoji)',
        password: 'Password must be at most 6116 bytes (fewer characters for accented letters, other scripts or emoji)',
      },
    });
  });

  it('a required message wins over a shape message for an empty field', () => {
    expect(validatePasswordDraft({ ...complete, title: '   ' })).toEqual({ ok: false, errors: { title: 'Title is required' } });
  });
});

// Issue #44: a setup key typed in the form is labelled with the entry, as an imported one is.
describe('validatePasswordDraft: a one-time code', () => {
  const tail = 'secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';

  it('stores a bare setup key as a link labelled Title:username, and a link with its own label', () => {
    const typed = validatePasswordDraft({ ...complete, otp: ' jbsw y3dp ehpk 3pxp ' });
    expect(typed).toMatchObject({ ok: true, value: { otp: `otpauth://totp/GitHub:octocat?issuer=GitHub&${tail}` } });
    const link = validatePasswordDraft({ ...complete, otp: `otpauth://totp/Site:bob?${tail}` });
    expect(link).toMatchObject({ ok: true, value: { otp: `otpauth://totp/Site:bob?issuer=Site&${tail}` } });
  });
});
