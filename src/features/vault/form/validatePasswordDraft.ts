import type { PasswordDraft } from '../model';

// The password form's rules (SPEC.md §5 "Password form"): title, username and password are
// required; values are trimmed; an empty url or notes is omitted (null).
//
// The password is trimmed too, because the spec says "Values are trimmed" without exception.
// The hazard: a typed or pasted password that really starts or ends with a space is saved without
// it (the generator never puts a space at either end, so generated ones are unaffected). What is
// saved is what the vault later shows and copies, so the two never disagree; only a site already
// set to the untrimmed value would.

export const PASSWORD_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

export type PasswordDraftField = 'title' | 'username' | 'password';

export type PasswordDraftErrors = Partial<Record<PasswordDraftField, string>>;

/** A draft that passed the rules: trimmed, with an omitted url or notes as null. */
export interface ValidPasswordDraft {
  readonly title: string;
  readonly url: string | null;
  readonly notes: string | null;
  readonly username: string;
  readonly password: string;
  readonly groupId: string | null;
}

export type PasswordDraftValidation =
  | { readonly ok: true; readonly value: ValidPasswordDraft }
  | { readonly ok: false; readonly errors: PasswordDraftErrors };

/** The fields in the order the form shows them, so the first invalid one can take focus. */
export const PASSWORD_DRAFT_FIELDS: readonly PasswordDraftField[] = ['title', 'username', 'password'];

function omitIfEmpty(value: string): string | null {
  return value === '' ? null : value;
}

/** Checks every rule at once, so each field shows its own message. */
export function validatePasswordDraft(draft: PasswordDraft): PasswordDraftValidation {
  const title = draft.title.trim();
  const username = draft.username.trim();
  const password = draft.password.trim();
  const errors: PasswordDraftErrors = {};
  if (title === '') errors.title = PASSWORD_FORM_MESSAGES.titleRequired;
  if (username === '') errors.username = PASSWORD_FORM_MESSAGES.usernameRequired;
  if (password === '') errors.password = PASSWORD_FORM_MESSAGES.passwordRequired;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      url: omitIfEmpty(draft.url.trim()),
      notes: omitIfEmpty(draft.notes.trim()),
      username,
      password,
      groupId: draft.groupId === '' ? null : draft.groupId,
    },
  };
}
