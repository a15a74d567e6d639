// An item's extras as the fields of its kind (issue #44; docs/import.md "Fields of every kind"):
// a card's number and expiry, an identity's names and address, an SSH key's keys, a login's further
// URLs, a favourite mark, and everything else as custom fields, so nothing goes into the notes. A
// parser that knows which field a value is says so (LabelledValue.field, .type); otherwise the
// label is read, as every format labels the same values alike (formats/values.ts).
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import { TOTP_LABEL } from '../formats/values';
import type { ImportItemKind, ImportUrlMatch, LabelledValue, NotCarried } from '../model';
import type { PlannedCustomField, PlannedItemParts, PlannedKind } from './types';

const CARD_FIELDS = ['cardholder', 'number', 'code', 'expiry', 'expiryMonth', 'expiryYear', 'brand'] as const;
const IDENTITY_FIELDS = [
  'honorific', 'firstName', 'middleName', 'lastName', 'company', 'email', 'phone', 'address1', 'address2', 'address3',
  'city', 'region', 'postalCode', 'country', 'passportNumber', 'licenceNumber', 'nationalId',
] as const;
const SSH_FIELDS = ['privateKey', 'publicKey', 'fingerprint'] as const;

/** The fields each kind holds besides title and notes (a login's are the entry's own). */
const KIND_FIELDS: Readonly<Record<PlannedKind, ReadonlySet<string>>> = {
  login: new Set(),
  note: new Set(),
  card: new Set(CARD_FIELDS),
  identity: new Set(IDENTITY_FIELDS),
  ssh: new Set(SSH_FIELDS),
};

/** The kind fields an item keeps: the expiry apart, the brand and fingerprint read from others. */
const KEPT_FIELDS: Readonly<Record<PlannedKind, readonly string[]>> = {
  login: [],
  note: [],
  card: ['cardholder', 'number', 'code'],
  identity: IDENTITY_FIELDS,
  ssh: ['privateKey', 'publicKey'],
};

// Labels the formats write (lower-cased), by kind: Bitwarden's, 1Password's, LastPass's notes.
const LABELS: Readonly<Record<PlannedKind, ReadonlyMap<string, string>>> = {
  login: new Map(),
  note: new Map(),
  card: new Map([
    ['cardholder name', 'cardholder'], ['cardholder', 'cardholder'], ['name on card', 'cardholder'],
    ['card number', 'number'], ['number', 'number'], ['security code', 'code'], ['cvv', 'code'], ['cvc', 'code'],
    ['expiry date', 'expiry'], ['expiration date', 'expiry'], ['expiry', 'expiry'],
    ['expiry month', 'expiryMonth'], ['expiry year', 'expiryYear'], ['card brand', 'brand'], ['type', 'brand'],
  ]),
  identity: new Map([
    ['title', 'honorific'], ['first name', 'firstName'], ['middle name', 'middleName'], ['last name', 'lastName'],
    ['company', 'company'], ['email', 'email'], ['email address', 'email'], ['phone', 'phone'], ['phone number', 'phone'],
    ['address 1', 'address1'], ['address 2', 'address2'], ['address 3', 'address3'], ['city', 'city'], ['city / town', 'city'],
    ['state or province', 'region'], ['state', 'region'], ['postal code', 'postalCode'], ['zip / postal code', 'postalCode'],
    ['country', 'country'], ['passport number', 'passportNumber'], ['license number', 'licenceNumber'],
    ['licence number', 'licenceNumber'], ['social security number', 'nationalId'],
  ]),
  ssh: new Map([['private key', 'privateKey'], ['public key', 'publicKey'], ['key fingerprint', 'fingerprint'], ['fingerprint', 'fingerprint']]),
};

/** A kind field as a reason names it. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  cardholder: 'cardholder', number: 'card number', code: 'security code', honorific: 'title', firstName: 'first name',
  middleName: 'middle name', lastName: 'last name', company: 'company', email: 'email', phone: 'phone', address1: 'address 1',
  address2: 'address 2', address3: 'address 3', city: 'city', region: 'state or province', postalCode: 'postal code',
  country: 'country', passportNumber: 'passport number', licenceNumber: 'licence number', nationalId: 'national ID',
  privateKey: 'private key', publicKey: 'public key',
};

const FURTHER_URL = /^url \d+$/;
const FAVOURITE = new Set(['favorite', 'favourite']);
const YES = new Set(['yes', 'true', '1']);

/** A custom field's name as the item model bounds it (validateItem's CUSTOM_FIELD_NAME_MAX). */
export const CUSTOM_FIELD_NAME_MAX = 100;

/** The kind an item becomes: 'other' is a login when it has something to sign in with, else a secure note. */
export function plannedKind(kind: ImportItemKind, login: { readonly url: string; readonly username: string; readonly password: string }): PlannedKind {
  if (kind !== 'other') return kind;
  return login.url !== '' || login.username !== '' || login.password.trim() !== '' ? 'login' : 'note';
}

/** A card's expiry as exporters write it: MM/YY, MM/YYYY, MM-YYYY, YYYY-MM, MMYY, MMYYYY; null when none of these. */
export function readExpiry(value: string): { readonly month: number; readonly year: number } | null {
  const text = value.trim();
  const yearFirst = /^(\d{4})[-/.](\d{1,2})$/.exec(text);
  const monthFirst = /^(\d{1,2})\s*[-/.]\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text);
  const [month, year] = yearFirst === null ? [monthFirst?.[1], monthFirst?.[2]] : [yearFirst[2], yearFirst[1]];
  return expiryOf(month, year);
}

function expiryOf(monthText: string | undefined, yearText: string | undefined): { readonly month: number; readonly year: number } | null {
  if (monthText === undefined || yearText === undefined || !/^\d{1,2}$/.test(monthText.trim()) || !/^(\d{2}|\d{4})$/.test(yearText.trim())) return null;
  const month = Number(monthText);
  const year = yearText.trim().length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

function customField(extra: LabelledValue): PlannedCustomField {
  const type = extra.type ?? (extra.label === TOTP_LABEL ? 'hidden' : 'text');
  if (type === 'boolean') return { name: extra.label, type, value: YES.has(extra.value.trim().toLowerCase()) };
  return { name: extra.label, type, value: extra.value };
}

interface Own {
  readonly urls?: readonly { readonly url: string; readonly match: ImportUrlMatch }[];
  readonly favourite?: boolean;
}

/**
 * The item's kind, favourite mark, URLs, kind fields and custom fields from its extras (trimmed,
 * the one-time code already taken). `url` is the login's first URL, '' for none.
 */
export function kindParts(kind: ImportItemKind, login: { readonly url: string; readonly username: string; readonly password: string }, extras: readonly LabelledValue[], own: Own): { parts: PlannedItemParts; notCarried: NotCarried[] } {
  const target = plannedKind(kind, login);
  // Most items of a file are logins with nothing more: answered without the general pass (the import's bench).
  if (target === 'login' && kind === 'login' && extras.length === 0) {
    const urls = own.urls?.map(({ url, match }) => ({ url: url.trim(), match })) ?? (login.url === '' ? [] : [{ url: login.url, match: 'origin' as const }]);
    return { parts: { kind: 'login', favourite: own.favourite === true, urls, customFields: [], fields: {}, expiry: null }, notCarried: [] };
  }
  const notCarried: NotCarried[] = kind === 'other' ? [{ kind: 'kind' }] : [];
  let favourite = own.favourite === true;
  const urls: { url: string; match: ImportUrlMatch }[] = target !== 'login' ? [] : (own.urls?.map(({ url, match }) => ({ url: url.trim(), match })) ?? (login.url === '' ? [] : [{ url: login.url, match: 'origin' }]));
  const fields = new Map<string, LabelledValue>();
  const customFields: PlannedCustomField[] = [];
  // Another kind has no url, username or password: one its file gives is kept as a custom field.
  const signIn: LabelledValue[] =
    target === 'login'
      ? []
      : [
          { label: 'URL', value: login.url, type: 'text' as const },
          { label: 'Username', value: login.username, type: 'text' as const },
          { label: 'Password', value: login.password, type: 'hidden' as const },
        ].filter(({ value }) => value.trim() !== '');
  for (const extra of [...signIn, ...extras]) {
    const label = extra.label.toLowerCase();
    if (extra.type !== undefined) {
      customFields.push(customField(extra));
      continue;
    }
    if (extra.field === undefined && FAVOURITE.has(label)) {
      favourite ||= YES.has(extra.value.toLowerCase());
      continue;
    }
    if (target === 'login' && own.urls === undefined && extra.field === undefined && FURTHER_URL.test(label)) {
      urls.push({ url: extra.value, match: 'origin' });
      continue;
    }
    const field = extra.field ?? LABELS[target].get(label);
    if (field !== undefined && KIND_FIELDS[target].has(field) && !fields.has(field)) fields.set(field, extra);
    else customFields.push(customField(extra));
  }
  const value = (field: string) => fields.get(field)?.value ?? '';
  const asCustom = (...names: string[]) => {
    for (const name of names) {
      const extra = fields.get(name);
      if (extra !== undefined) customFields.push(customField(extra));
      fields.delete(name);
    }
  };
  let expiry: { month: number; year: number } | null = null;
  if (target === 'card') {
    const whole = fields.get('expiry');
    expiry = whole === undefined ? expiryOf(fields.get('expiryMonth')?.value, fields.get('expiryYear')?.value) : readExpiry(whole.value);
    // An expiry Keyloft cannot read stays, as the file wrote it, in a custom field.
    if (expiry === null) asCustom('expiry', 'expiryMonth', 'expiryYear');
    // The brand is read from the number; without one it is kept as written.
    if (value('number') === '') asCustom('brand');
  }
  // The fingerprint is computed from the public key; without one it is kept as written.
  if (target === 'ssh' && value('publicKey') === '') asCustom('fingerprint');
  return {
    parts: { kind: target, favourite, urls, customFields, fields: Object.fromEntries(KEPT_FIELDS[target].map((field) => [field, value(field)])), expiry },
    notCarried,
  };
}

/** Every limit the item's own fields break (the item form's, docs/items.md "Validation"), one sentence each. */
export function kindFieldReasons(parts: PlannedItemParts, tooLong: (field: string, max: number, length: number) => string, tooManyBytes: (field: string, value: string) => string | null): string[] {
  const reasons: string[] = [];
  if (parts.customFields.length === 0 && parts.urls.length <= 1 && (parts.kind === 'login' || parts.kind === 'note')) return reasons;
  for (const [field, value] of Object.entries(parts.fields)) {
    const max = parts.kind === 'ssh' ? FIELD_LIMITS.entryNotes : FIELD_LIMITS.entryTitle;
    if (value.length > max) reasons.push(tooLong(`The ${FIELD_WORDS[field] ?? field} field`, max, value.length));
  }
  parts.urls.forEach(({ url }, at) => {
    if (at > 0 && url.length > FIELD_LIMITS.entryUrl) reasons.push(tooLong(`URL ${String(at + 1)}`, FIELD_LIMITS.entryUrl, url.length));
  });
  for (const custom of parts.customFields) {
    if (custom.name.length > CUSTOM_FIELD_NAME_MAX) reasons.push(tooLong('A field name', CUSTOM_FIELD_NAME_MAX, custom.name.length));
    if (custom.type === 'text' && custom.value.length > FIELD_LIMITS.entryNotes) reasons.push(tooLong(`The field “${custom.name}”`, FIELD_LIMITS.entryNotes, custom.value.length));
    const bytes = custom.type === 'hidden' ? tooManyBytes(`The field “${custom.name}”`, custom.value) : null;
    if (bytes !== null) reasons.push(bytes);
  }
  return reasons;
}
