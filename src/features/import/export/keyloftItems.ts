// An item's kind and fields in Keyloft's export document (issue #44; docs/import.md "Keyloft plain
// JSON"), both ways: written beside an entry's own members, and read back into an ImportItem whose
// extras say which field each value is, so the import plans it as the same item.
import type { ImportFieldType, ImportItem, ImportUrlMatch, LabelledValue } from '../model';
import type { ExportedItemParts } from './exportedVault';

/** The members an item adds to a document entry; absent for a login of the entry's fields alone. */
export interface KeyloftItemMembers {
  readonly kind: ExportedItemParts['kind'];
  readonly favourite: boolean;
  readonly urls: readonly { readonly url: string; readonly match: ImportUrlMatch }[];
  readonly customFields: readonly { readonly name: string; readonly type: ImportFieldType; readonly value: string | boolean }[];
  readonly fields: Readonly<Record<string, string>>;
  readonly expiry: { readonly month: number; readonly year: number } | null;
}

/** Copied member by member, so nothing else the caller's object carries reaches the file. */
export function itemMembers(item: ExportedItemParts): KeyloftItemMembers {
  return {
    kind: item.kind,
    favourite: item.favourite,
    urls: item.urls.map(({ url, match }) => ({ url, match })),
    customFields: item.customFields.map(({ name, type, value }) => ({ name, type, value })),
    fields: Object.fromEntries(Object.entries(item.fields).map(([name, value]) => [name, value])),
    expiry: item.expiry === null ? null : { month: item.expiry.month, year: item.expiry.year },
  };
}

const KINDS: ReadonlySet<unknown> = new Set(['login', 'note', 'card', 'identity', 'ssh']);
const MATCHES: ReadonlySet<unknown> = new Set(['origin', 'site', 'prefix', 'never']);
const FIELD_TYPES: ReadonlySet<unknown> = new Set(['text', 'hidden', 'boolean']);

type Fields = Readonly<Record<string, unknown>>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function isCustomField(value: unknown): boolean {
  if (!isFields(value) || typeof value.name !== 'string' || !FIELD_TYPES.has(value.type)) return false;
  return value.type === 'boolean' ? typeof value.value === 'boolean' : typeof value.value === 'string';
}

function isExpiry(value: unknown): boolean {
  return value === null || (isFields(value) && Number.isInteger(value.month) && Number.isInteger(value.year) && Number(value.month) >= 1 && Number(value.month) <= 12);
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/**
 * What an entry with a `kind` member adds to its ImportItem, or why it cannot be read; {} for an
 * entry without one (a login, as every export before issue #44 wrote).
 */
export function readItemMembers(entry: Fields): Partial<Pick<ImportItem, 'kind' | 'favourite' | 'urls' | 'extras'>> | string {
  if (entry.kind === undefined) return {};
  const { kind, favourite, urls, customFields, fields, expiry } = entry;
  if (!KINDS.has(kind)) return 'Its kind is not one Keyloft has.';
  if (typeof favourite !== 'boolean') return 'Its favourite mark is not true or false.';
  if (!Array.isArray(urls) || !urls.every((url: unknown) => isFields(url) && typeof url.url === 'string' && MATCHES.has(url.match))) {
    return 'Its URLs are not a list of addresses with their match rules.';
  }
  if (!Array.isArray(customFields) || !customFields.every(isCustomField)) return 'Its custom fields are not a list of named, typed values.';
  if (!isFields(fields) || !Object.values(fields).every((value) => typeof value === 'string')) return 'Its fields are not text.';
  if (!isExpiry(expiry)) return 'Its expiry is not a month and a year.';
  const extras: LabelledValue[] = [
    ...Object.entries(fields as Readonly<Record<string, string>>).map(([field, value]) => ({ label: field, value, field })),
    ...(isFields(expiry) ? [{ label: 'expiry', value: `${twoDigits(Number(expiry.month))}/${String(expiry.year)}`, field: 'expiry' }] : []),
    ...(customFields as KeyloftItemMembers['customFields']).map(({ name, type, value }) => ({ label: name, value: String(value), type })),
  ];
  return {
    kind: kind as ImportItem['kind'],
    favourite,
    urls: (urls as KeyloftItemMembers['urls']).map(({ url, match }) => ({ url, match })),
    extras,
  };
}
