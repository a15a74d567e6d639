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
