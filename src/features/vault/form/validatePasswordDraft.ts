import {
  ENTRY_SECRET_MAX_BYTES,
  FIELD_LIMITS,
  tooLongMessage,
  tooManyBytesMessage,
  utf8Length,
} from '@keyloft/contract/fieldLimits';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';
import type { ReplacedPassword } from '../../../crypto';
import type { PasswordDraft } from '../model';
import { canonicalOneTimeCode, OneTimeCodeError, type OneTimeCodeOwner } from '../otp/oneTimeCode';

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

export type PasswordDraftField = 'title' | 'url' | 'username' | 'password' | 'otp' | 'notes';

export type PasswordDraftErrors = Partial<Record<PasswordDraftField, string>>;

/** A draft that passed the rules: trimmed, with an omitted url or notes as null. */
export interface ValidPasswordDraft {
  readonly title: string;
  readonly url: string | null;
  readonly notes: string | null;
  readonly username: string;
  readonly password: string;
  readonly groupId: string | null;
  /**
   * The one-time code as a canonical otpauth:// link, or null for none (issue #23). Absent: the
   * save keeps what the entry had (a caller that does not edit the code never drops it).
   */
  readonly otp?: string | null;
  /** An imported entry's password history (issue #23); a save of an existing entry keeps its own instead. */
  readonly history?: readonly ReplacedPassword[];
}

declare const passedTheRules: unique symbol;

/** A value validatePasswordDraft made. The mark exists only in the type, and only this module sets it. */
export type Validated<T> = T & { readonly [passedTheRules]: true };

/**
 * What the form hands over: a draft that passed the rules, trimmed, with an omitted url or notes
 * as ''. Only this module makes one, so whoever is handed one (the vault's save) need not check it
 * again and cannot be handed a draft nobody checked.
 */
export type ValidDraft = Validated<PasswordDraft>;

export type PasswordDraftValidation =
  | { readonly ok: true; readonly value: Validated<ValidPasswordDraft> }
  | { readonly ok: false; readonly errors: PasswordDraftErrors };

/** The fields in the order the form shows them, so the first invalid one can take focus. */
export const PASSWORD_DRAFT_FIELDS: readonly PasswordDraftField[] = ['title', 'url', 'username', 'password', 'otp', 'notes'];

const LABELS: Readonly<Record<PasswordDraftField, string>> = {
  title: 'Title',
  url: 'URL',
  username: 'Username',
  password: 'Password',
  otp: 'One-time code',
  notes: 'Notes',
};

/**
 * What firestore.rules would refuse about a trimmed value, as the form says it (issue #17): text
 * that is not well-formed UTF-16, or longer than the stored limit (src/domain/fieldLimits.ts).
 */
function storedShapeError(field: PasswordDraftField, value: string): string | undefined {
  if (!isWellFormedText(value)) return brokenTextMessage(LABELS[field]);
  if (field === 'username' || field === 'password') {
    return utf8Length(value) > ENTRY_SECRET_MAX_BYTES ? tooManyBytesMessage(LABELS[field], ENTRY_SECRET_MAX_BYTES) : undefined;
  }
  const max = { title: FIELD_LIMITS.entryTitle, url: FIELD_LIMITS.entryUrl, otp: FIELD_LIMITS.entryOneTimeCode, notes: FIELD_LIMITS.entryNotes }[field];
  return value.length > max ? tooLongMessage(LABELS[field], max) : undefined;
}

function omitIfEmpty(value: string): string | null {
  return value === '' ? null : value;
}

/** Checks every rule at once, so each field shows its own message. */
export function validatePasswordDraft(draft: PasswordDraft): PasswordDraftValidation {
  const title = draft.title.trim();
  const username = draft.username.trim();
  const password = draft.password.trim();
  const url = draft.url.trim();
  const notes = draft.notes.trim();
  const otp = draft.otp?.trim() ?? '';
  const errors: PasswordDraftErrors = {};
  const trimmed: Readonly<Record<PasswordDraftField, string>> = { title, url, username, password, otp, notes };
  for (const field of PASSWORD_DRAFT_FIELDS) {
    const error = storedShapeError(field, trimmed[field]);
    if (error !== undefined) errors[field] = error;
  }
  if (title === '') errors.title = PASSWORD_FORM_MESSAGES.titleRequired;
  if (username === '') errors.username = PASSWORD_FORM_MESSAGES.usernameRequired;
  if (password === '') errors.password = PASSWORD_FORM_MESSAGES.passwordRequired;
  const oneTimeCode = errors.otp === undefined ? storedOneTimeCode(otp, { title, username }, errors) : null;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value: ValidPasswordDraft = {
    title,
    url: omitIfEmpty(url),
    notes: omitIfEmpty(notes),
    username,
    password,
    groupId: draft.groupId === '' ? null : draft.groupId,
    ...(draft.otp === undefined ? {} : { otp: oneTimeCode }),
  };
  return { ok: true, value: value as Validated<ValidPasswordDraft> };
}

/**
 * The one-time code as stored (its canonical otpauth:// link, a bare setup key labelled with the
 * entry's title and username), null for none; a problem goes in `errors`.
 */
function storedOneTimeCode(typed: string, owner: OneTimeCodeOwner, errors: PasswordDraftErrors): string | null {
  if (typed === '') return null;
  try {
    const link = canonicalOneTimeCode(typed, owner);
    if (link.length > FIELD_LIMITS.entryOneTimeCode) errors.otp = tooLongMessage(LABELS.otp, FIELD_LIMITS.entryOneTimeCode);
    return link;
  } catch (error) {
    if (!(error instanceof OneTimeCodeError)) throw error;
    errors.otp = error.message;
    return null;
  }
}

/** The form's values for a stored or merged value: an omitted url or notes as ''. */
export function asTypedDraft(value: ValidPasswordDraft): PasswordDraft {
  const { otp, ...rest } = value;
  return { ...rest, url: value.url ?? '', notes: value.notes ?? '', ...(otp === undefined ? {} : { otp: otp ?? '' }) };
}

/** The draft the form hands over for a value that passed the rules. */
export function handOver(value: Validated<ValidPasswordDraft>): ValidDraft {
  return asTypedDraft(value) as ValidDraft;
}

/** What the vault stores for a handed-over draft: an omitted url or notes as null again. */
export function toSavedDraft(draft: ValidDraft): ValidPasswordDraft {
  const { otp, ...rest } = draft;
  return { ...rest, url: omitIfEmpty(draft.url), notes: omitIfEmpty(draft.notes), ...(otp === undefined ? {} : { otp: omitIfEmpty(otp) }) };
}
