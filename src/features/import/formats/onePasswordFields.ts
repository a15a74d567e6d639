// How a field of a 1Password 1PUX item's sections reads as text, and what it is called.
// A section field's value is an object with one key naming its type ({concealed}, {monthYear}, …).
import type { LabelledValue } from '../model';
import { TOTP_LABEL, isRecord, text, type Json } from './values';

// Field ids of 1Password's own card and identity templates, whose titles ('number', 'type') say
// too little as custom field names. A Map, so an id like 'constructor' finds nothing.
const TEMPLATE_LABELS: ReadonlyMap<string, string> = new Map([
  ['cardholder', 'Cardholder name'],
  ['type', 'Card brand'],
  ['ccnum', 'Card number'],
  ['cvv', 'Security code'],
  ['expiry', 'Expiry date'],
  ['validFrom', 'Valid from'],
  ['pin', 'PIN'],
  ['bank', 'Issuing bank'],
  ['firstname', 'First name'],
  ['initial', 'Middle initial'],
  ['lastname', 'Last name'],
  ['gender', 'Gender'],
  ['birthdate', 'Birth date'],
  ['occupation', 'Occupation'],
  ['company', 'Company'],
  ['department', 'Department'],
  ['jobtitle', 'Job title'],
  ['address', 'Address'],
  ['defphone', 'Phone'],
  ['homephone', 'Home phone'],
  ['cellphone', 'Mobile phone'],
  ['busphone', 'Business phone'],
  ['email', 'Email'],
  ['username', 'Username'],
  ['website', 'Website'],
]);

// The template fields that are fields of a Keyloft card or identity (issue #44): the others are custom fields.
const TEMPLATE_FIELDS: ReadonlyMap<string, string> = new Map([
  ['cardholder', 'cardholder'],
  ['ccnum', 'number'],
  ['cvv', 'code'],
  ['expiry', 'expiry'],
  ['firstname', 'firstName'],
  ['lastname', 'lastName'],
  ['company', 'company'],
  ['defphone', 'phone'],
  ['email', 'email'],
]);

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** 1Password stores a month and year as the number YYYYMM. */
function monthYear(value: unknown): string {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return text(value);
  return `${twoDigits(value % 100)}/${String(Math.floor(value / 100))}`;
}

/** 1Password stores a date as Unix seconds; the calendar day is what the user typed. */
function date(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return text(value);
  const day = new Date(value * 1000);
  if (Number.isNaN(day.getTime())) return text(value);
  return `${String(day.getUTCFullYear())}-${twoDigits(day.getUTCMonth() + 1)}-${twoDigits(day.getUTCDate())}`;
}

function address(value: unknown): string {
  if (!isRecord(value)) return text(value);
  return ['street', 'city', 'state', 'zip', 'country']
    .map((key) => text(value[key]))
    .filter((part) => part !== '')
    .join('\n');
}

function email(value: unknown): string {
  return isRecord(value) ? text(value.email_address) : text(value);
}

// The metadata's copy is in one format (PKCS #8) for every key; the top-level one varies.
function sshPrivateKey(value: unknown): string {
  if (!isRecord(value)) return text(value);
  const fromMetadata = isRecord(value.metadata) ? text(value.metadata.privateKey) : '';
  return fromMetadata || text(value.privateKey);
}

function other(value: unknown): string {
  if (isRecord(value) || Array.isArray(value)) return JSON.stringify(value);
  return text(value);
}

/** The value's type key and its text; a value 1Password left empty gives ''. */
export function renderValue(value: unknown): { readonly type: string; readonly text: string } {
  if (!isRecord(value)) return { type: '', text: text(value) };
  const entry = Object.entries(value).find(([, inner]) => inner !== null && inner !== undefined);
  if (entry === undefined) return { type: '', text: '' };
  const [type, inner] = entry;
  switch (type) {
    case 'monthYear':
      return { type, text: monthYear(inner) };
    case 'date':
      return { type, text: date(inner) };
    case 'address':
      return { type, text: address(inner) };
    case 'email':
      return { type, text: email(inner) };
    case 'sshKey':
      return { type, text: sshPrivateKey(inner) };
    case 'file':
      return { type, text: isRecord(inner) ? text(inner.fileName) : text(inner) };
    default:
      return { type, text: other(inner) };
  }
}

/**
 * A section field as labelled values for the notes: usually one, two for an SSH key (its public
 * key too). `templated` is true for card and identity items, whose template ids have clear names.
 */
export function sectionFieldExtras(field: Json, sectionTitle: string, templated: boolean): LabelledValue[] {
  const { type, text: value } = renderValue(field.value);
  if (value === '') return [];
  const id = text(field.id);
  const title = text(field.title);
  if (type === 'totp') return [{ label: TOTP_LABEL, value }];
  if (type === 'file') return [{ label: 'Attached file', value }];
  const label = (templated ? TEMPLATE_LABELS.get(id) : undefined) ?? (title || sectionTitle || id || 'Field');
  if (type === 'sshKey' && isRecord(field.value)) {
    const key = field.value.sshKey;
    const publicKey = isRecord(key) && isRecord(key.metadata) ? text(key.metadata.publicKey) : '';
    const privateKey = { label, value, field: 'privateKey' };
    return publicKey === '' ? [privateKey] : [privateKey, { label: 'Public key', value: publicKey, field: 'publicKey' }];
  }
  const itemField = templated ? TEMPLATE_FIELDS.get(id) : undefined;
  if (itemField !== undefined) return [{ label, value, field: itemField }];
  // A concealed field stays masked as a hidden custom field (issue #44).
  return [type === 'concealed' ? { label, value, type: 'hidden' } : { label, value }];
}
