// One item of the file as the item the import will write, or the reason it cannot be one
// (docs/import.md "What the import decides"). The same for every format: values trimmed (the
// password excepted: it is kept exactly as the file has it), an empty url or notes null, extras
// as the fields of the item's kind or custom fields (kindFields.ts), an untitled item named after
// its site or username, and anything the stored rules would refuse skipped with a sentence saying why.
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import type { ReplacedPassword } from '../../../crypto';
import { TOTP_LABEL } from '../formats/values';
import type { ImportItem, LabelledValue, NotCarried } from '../model';
import { kindFieldReasons, kindParts, plannedKind } from './kindFields';
import { sizeReason, withinCounts } from './itemLimits';
import { shortenText } from './shorten';
import { brokenTextReason, limitReasons, overByteLimit, tooLongReason, tooManyBytesReason } from './storedLimits';
import type { ItemSizeCheck, OneTimeCodeReader, PlannedCustomField, PlannedEntry } from './types';
import { urlHost } from './urlHost';

export const UNTITLED = 'Untitled item';
export const EMPTY_ITEM_REASON = 'Empty item: it has no title, url, username, password, notes or other fields.';

export type EntryOutcome = { readonly entry: PlannedEntry } | { readonly skippedBecause: string };

/** Line breaks as the vault's text areas write them: a CSV from Windows has CRLF inside its cells. */
function textBlock(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim();
}

/**
 * A value as stored: trimmed, but a hidden field kept exactly, as a password is, and a private key
 * file's lines (its last line break included, which OpenSSH wants) only given \n line breaks.
 */
function extraValue(extra: LabelledValue): string {
  if (extra.type === 'hidden') return extra.value;
  if (extra.field === 'privateKey') return extra.value.trim() === '' ? '' : extra.value.replace(/\r\n?/g, '\n');
  return textBlock(extra.value);
}

/**
 * `oneTimeCode` is the target's reading of a one-time code (ImportTargetContents.oneTimeCode): the
 * item's own (a Keyloft export's) or the first TOTP extra it takes becomes the entry's code; one it
 * does not take stays a hidden custom field under its label, so nothing is lost.
 */
export function toEntry(item: ImportItem, groupName: string | null, oneTimeCode?: OneTimeCodeReader, tooLarge?: ItemSizeCheck): EntryOutcome {
  const title = item.title.trim();
  const url = (item.urls?.[0]?.url ?? item.url).trim();
  const username = item.username.trim();
  // A password is a secret: a space at either end may be part of it, and the file's value is the
  // one the site expects (issue #20: fields map one to one). The form's trim applies when a person edits.
  const password = item.password;
  const notes = textBlock(item.notes);
  // A custom field the file types is kept even empty: its name is the user's.
  const read = item.extras
    .map((extra) => ({ ...extra, label: extra.label.trim() || 'Field', value: extraValue(extra) }))
    .filter((extra) => extra.value !== '' || extra.type !== undefined);
  const isLogin = plannedKind(item.kind, { url, username, password }) === 'login';
  const entryTitle = title === '' ? derivedTitle(url, username) : title;
  // A code given as a bare setup key is labelled with the entry it belongs to, not 'Keyloft' (issue #44).
  const readCode = oneTimeCode === undefined ? undefined : (value: string) => oneTimeCode(value, { title: entryTitle, username });
  // Only a login has a one-time code of its own; another kind keeps one as a hidden custom field.
  const { otp, extras } = takeOneTimeCode(item.otp?.trim() ?? '', read, isLogin ? readCode : undefined);
  const { parts: ofKind, notCarried: kindLosses } = kindParts(item.kind, { url, username, password }, extras, item);
  const passwordHistory = trimmedHistory(item.passwordHistory ?? []);
  const olderHistory = Math.max(0, (item.passwordHistory?.length ?? 0) - passwordHistory.length);
  // Only a login has a password history: another kind keeps its earlier passwords as hidden custom
  // fields, each named with the day it was replaced, so none is dropped (issue #44).
  const keepsHistory = ofKind.kind === 'login';
  const withHistory = keepsHistory || passwordHistory.length === 0 ? ofKind : { ...ofKind, customFields: [...ofKind.customFields, ...passwordHistory.map(historyField)] };
  const { parts, notCarried: overCounts } = withinCounts(withHistory);
  const losses = [...kindLosses, ...Array.from({ length: olderHistory }, () => ({ kind: 'older-history' as const })), ...overCounts];
  const notCarried: NotCarried[] = [...(item.notCarried ?? []), ...losses];
  if (title === '' && url === '' && username === '' && password.trim() === '' && notes === '' && extras.length === 0) {
    return { skippedBecause: EMPTY_ITEM_REASON };
  }
  const broken = brokenTextReason([
    ['Title', title],
    ['URL', url],
    ['Username', username],
    ['Password', password],
    ['Notes', notes],
    ...extras.flatMap(({ label, value }) => [
      ['A field name', label] as const,
      [`The field “${label}”`, value] as const,
    ]),
    ...(parts.urls.length <= 1 ? [] : parts.urls.slice(1).map(({ url: further }) => ['URL', further] as const)),
    ...passwordHistory.map(({ password: earlier }) => ['An earlier password', earlier] as const),
    ['The folder name', item.folder.join('/')],
  ]);
  if (broken !== null) return { skippedBecause: broken };
  const reasons = [
    ...limitReasons({ title, url, username, password, notes }),
    ...kindFieldReasons(parts, tooLongReason, (field, value) => {
      const bytes = overByteLimit(value);
      return bytes === null ? null : tooManyBytesReason(field, bytes);
    }),
    ...historyReasons(passwordHistory),
  ];
  if (reasons.length > 0) return { skippedBecause: reasons.join(' ') };
  const entry: PlannedEntry = {
    at: item.at,
    kind: item.kind,
    title: entryTitle,
    // Only a login has these; another kind keeps them as custom fields (kindParts).
    url: url === '' || parts.kind !== 'login' ? null : url,
    username: parts.kind === 'login' ? username : '',
    password: parts.kind === 'login' ? password : '',
    notes: notes === '' ? null : notes,
    groupName,
    ...(otp === null ? {} : { otp }),
    ...(passwordHistory.length === 0 || !keepsHistory ? {} : { passwordHistory }),
    ...(notCarried.length === 0 ? {} : { notCarried }),
    item: parts,
  };
  const sizeProblem = sizeReason(entry, tooLarge);
  return sizeProblem === null ? { entry } : { skippedBecause: sizeProblem };
}

/** An earlier password of an item that is not a login, as a hidden custom field: 'Earlier password (replaced 2024-05-01)'. */
function historyField({ password, replacedAt }: ReplacedPassword): PlannedCustomField {
  return { name: `Earlier password (replaced ${new Date(replacedAt).toISOString().slice(0, 10)})`, type: 'hidden', value: password };
}

/**
 * The entry's one-time code and the extras left for fields: the item's own code, else the first
 * TOTP extra the target reads. A code the target does not read (or any, with no reader) is an extra.
 */
function takeOneTimeCode(
  own: string,
  extras: readonly LabelledValue[],
  oneTimeCode: ((value: string) => string | null) | undefined,
): { otp: string | null; extras: LabelledValue[] } {
  const all = own === '' ? [...extras] : [{ label: TOTP_LABEL, value: own }, ...extras];
  if (oneTimeCode === undefined) return { otp: null, extras: all };
  for (const [index, extra] of all.entries()) {
    if (extra.label !== TOTP_LABEL) continue;
    const otp = oneTimeCode(extra.value);
    // A link longer than the stored limit (a long title or username in its label) is not taken either.
    if (otp !== null && otp.length <= FIELD_LIMITS.entryOneTimeCode) return { otp, extras: all.filter((_, at) => at !== index) };
  }
  return { otp: null, extras: all };
}

/** An earlier password too large to store is said, as the password itself would be. */
function historyReasons(history: readonly ReplacedPassword[]): string[] {
  return history.flatMap(({ password }) => {
    const bytes = overByteLimit(password);
    return bytes === null ? [] : [tooManyBytesReason('An earlier password', bytes)];
  });
}

/** Newest first and at most as many as an entry keeps (the vault's rule, docs/crypto.md). */
function trimmedHistory(history: readonly ReplacedPassword[]): ReplacedPassword[] {
  return [...history].sort((a, b) => b.replacedAt - a.replacedAt).slice(0, FIELD_LIMITS.entryPasswordHistory);
}

/** The site's host, else the username, else 'Untitled item'; cut to the title limit (the username itself is kept whole). */
function derivedTitle(url: string, username: string): string {
  return shortenText(urlHost(url) ?? (username === '' ? UNTITLED : username), FIELD_LIMITS.entryTitle);
}
