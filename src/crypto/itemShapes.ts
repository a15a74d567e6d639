import { InvalidCiphertextError } from './errors';
import { healthValue, readHealth, type EntryHealth } from './passwordHealth';

// The JSON of a format-3 entry's two parts (issue #44, docs/crypto.md "Sealed items"): every kind
// of item, its favourite mark, several URLs with their match rules and custom fields. Read here
// strictly, as entryParts.ts reads format 2: a part that opens but is not its shape is an
// InvalidCiphertextError, never a half-read item. No imports from entryParts.ts, which reads
// format-3 overviews in its batch (the decryption workers run it) through readItemOverview.

/** The stored format of an item of any kind (format 2: a login's overview and details only). */
export const ITEM_ENTRY_FORMAT = 3;

export type SealedItemKind = 'login' | 'note' | 'card' | 'identity' | 'ssh';
const KINDS: ReadonlySet<string> = new Set<SealedItemKind>(['login', 'note', 'card', 'identity', 'ssh']);
export type SealedUrlMatch = 'origin' | 'site' | 'prefix' | 'never';
const MATCHES: ReadonlySet<string> = new Set<SealedUrlMatch>(['origin', 'site', 'prefix', 'never']);

export interface SealedItemUrl {
  readonly url: string;
  readonly match: SealedUrlMatch;
}

interface OverviewCommon {
  readonly title: string;
  readonly favourite: boolean;
}

/**
 * What the list, search, the kind filter and the health report need of an item, opened at one
 * decryption per item: no secret. A login's URLs are all here, with their rules, so a page can be
 * matched (and searched) without opening details; a card's brand, last four digits and expiry
 * (the report lists expiring cards); an identity's name; an SSH key's fingerprint.
 */
export type ItemOverview =
  | (OverviewCommon & {
      readonly kind: 'login';
      readonly urls: readonly SealedItemUrl[];
      readonly username: string;
      /** The details hold a one-time code (as format 2's `otp` mark). */
      readonly hasOneTimeCode: boolean;
      readonly health?: EntryHealth;
    })
  | (OverviewCommon & { readonly kind: 'note' })
  | (OverviewCommon & {
      readonly kind: 'card';
      /** The brand read from the number ('' when none is known). */
      readonly brand: string;
      /** The number's last four digits ('' for a number shorter than 8 digits: too much of it). */
      readonly last4: string;
      readonly expiry: { readonly month: number; readonly year: number } | null;
    })
  | (OverviewCommon & { readonly kind: 'identity'; readonly name: string })
  | (OverviewCommon & { readonly kind: 'ssh'; readonly fingerprint: string });

/** A custom field: a yes/no field holds a boolean, a text or hidden one text (as kinds.ts's CustomField). */
export type SealedCustomField =
  | { readonly name: string; readonly type: 'text' | 'hidden'; readonly value: string }
  | { readonly name: string; readonly type: 'boolean'; readonly value: boolean };

export interface SealedReplacedPassword {
  readonly password: string;
  readonly replacedAt: number;
}

/** The fields of each kind that the details hold: everything of the item the overview does not. */
export interface ItemDetailFields {
  readonly login: { readonly password: string; readonly otp: string | null; readonly history: readonly SealedReplacedPassword[] };
  readonly note: Readonly<Record<string, never>>;
  readonly card: { readonly cardholder: string; readonly number: string; readonly code: string };
  readonly identity: Readonly<Record<(typeof IDENTITY_FIELDS)[number], string>>;
  readonly ssh: { readonly privateKey: string; readonly publicKey: string };
}

export const IDENTITY_FIELDS = [
  'honorific',
  'firstName',
  'middleName',
  'lastName',
  'company',
  'email',
  'phone',
  'address1',
  'address2',
  'address3',
  'city',
  'region',
  'postalCode',
  'country',
  'passportNumber',
  'licenceNumber',
  'nationalId',
] as const;

/** The details part: the secrets, the notes and the custom fields. `kind` repeats the overview's, and must agree with it. */
export type ItemDetails = {
  [K in SealedItemKind]: { readonly kind: K; readonly notes: string; readonly customFields: readonly SealedCustomField[]; readonly fields: ItemDetailFields[K] };
}[SealedItemKind];

const bad = (what: string) => new InvalidCiphertextError(`The sealed item part has ${what}.`);

function text(value: Record<string, unknown>, field: string): string {
  const found = value[field];
  if (typeof found !== 'string') throw bad(`no ${field}`);
  return found;
}

function textOrNull(value: Record<string, unknown>, field: string): string | null {
  const found = value[field];
  if (found === null) return null;
  if (typeof found !== 'string') throw bad(`a ${field} that is neither text nor null`);
  return found;
}

function flag(value: Record<string, unknown>, field: string): boolean {
  const found = value[field];
  if (typeof found !== 'boolean') throw bad(`a ${field} that is not true or false`);
  return found;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad(what);
  return value as Record<string, unknown>;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw bad(what);
  return value;
}

function kindOf(value: Record<string, unknown>): SealedItemKind {
  const { kind } = value;
  if (typeof kind !== 'string' || !KINDS.has(kind)) throw bad('an unknown kind');
  return kind as SealedItemKind;
}

function readUrl(item: unknown): SealedItemUrl {
  const url = record(item, 'a URL of the wrong shape');
  const match = url.match;
  if (typeof match !== 'string' || !MATCHES.has(match)) throw bad('a URL with an unknown match rule');
  return { url: text(url, 'url'), match: match as SealedUrlMatch };
}

function readExpiry(value: unknown): { month: number; year: number } | null {
  if (value === null) return null;
  const expiry = record(value, 'an expiry of the wrong shape');
  const { month, year } = expiry;
  if (!Number.isSafeInteger(month) || !Number.isSafeInteger(year) || (month as number) < 1 || (month as number) > 12) throw bad('an expiry of the wrong shape');
  return { month: month as number, year: year as number };
}

/** A format-3 overview as its JSON holds it. InvalidCiphertextError when it is not one. */
type LoginOverview = Extract<ItemOverview, { readonly kind: 'login' }>;

export function readItemOverview(value: Record<string, unknown>): ItemOverview {
  // Literals without spreads: every item of a vault's load passes here (issue #42's Node bench).
  const title = text(value, 'title');
  const favourite = flag(value, 'favourite');
  const kind = kindOf(value);
  switch (kind) {
    case 'login': {
      const login: { -readonly [K in keyof LoginOverview]: LoginOverview[K] } = {
        kind,
        title,
        favourite,
        urls: list(value.urls, 'URLs that are not a list').map(readUrl),
        username: text(value, 'username'),
        hasOneTimeCode: flag(value, 'otp'),
      };
      if (value.health !== undefined) login.health = readHealth(value.health);
      return login;
    }
    case 'note':
      return { kind, title, favourite };
    case 'card':
      return { kind, title, favourite, brand: text(value, 'brand'), last4: text(value, 'last4'), expiry: readExpiry(value.expiry) };
    case 'identity':
      return { kind, title, favourite, name: text(value, 'name') };
    case 'ssh':
      return { kind, title, favourite, fingerprint: text(value, 'fingerprint') };
  }
}

/** The JSON an overview is sealed as: the members readItemOverview reads, nothing else. */
export function itemOverviewValue(overview: ItemOverview): Record<string, unknown> {
  const common = { kind: overview.kind, title: overview.title, favourite: overview.favourite };
  switch (overview.kind) {
    case 'login':
      return {
        ...common,
        urls: overview.urls.map(({ url, match }) => ({ url, match })),
        username: overview.username,
        otp: overview.hasOneTimeCode,
        ...(overview.health === undefined ? {} : { health: healthValue(overview.health) }),
      };
    case 'note':
      return common;
    case 'card':
      return { ...common, brand: overview.brand, last4: overview.last4, expiry: overview.expiry === null ? null : { month: overview.expiry.month, year: overview.expiry.year } };
    case 'identity':
      return { ...common, name: overview.name };
    case 'ssh':
      return { ...common, fingerprint: overview.fingerprint };
  }
}

function readCustomField(item: unknown): SealedCustomField {
  const field = record(item, 'a custom field of the wrong shape');
  const { type, value } = field;
  const name = text(field, 'name');
  if (type === 'boolean' && typeof value === 'boolean') return { name, type, value };
  if ((type === 'text' || type === 'hidden') && typeof value === 'string') return { name, type, value };
  throw bad('a custom field of the wrong shape');
}

function readHistoryItem(item: unknown): SealedReplacedPassword {
  const replaced = record(item, 'a history item of the wrong shape');
  const { replacedAt } = replaced;
  if (typeof replacedAt !== 'number' || !Number.isFinite(replacedAt)) throw bad('a history item of the wrong shape');
  return { password: text(replaced, 'password'), replacedAt };
}

function readFields(kind: SealedItemKind, value: Record<string, unknown>): ItemDetailFields[SealedItemKind] {
  switch (kind) {
    case 'login':
      return { password: text(value, 'password'), otp: textOrNull(value, 'otp'), history: list(value.history, 'a history that is not a list').map(readHistoryItem) };
    case 'note':
      return {};
    case 'card':
      return { cardholder: text(value, 'cardholder'), number: text(value, 'number'), code: text(value, 'code') };
    case 'identity':
      return Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, text(value, field)])) as ItemDetailFields['identity'];
    case 'ssh':
      return { privateKey: text(value, 'privateKey'), publicKey: text(value, 'publicKey') };
  }
}

/** A format-3 details part as its JSON holds it. InvalidCiphertextError when it is not one. */
export function readItemDetails(value: Record<string, unknown>): ItemDetails {
  const kind = kindOf(value);
  return {
    kind,
    notes: text(value, 'notes'),
    customFields: list(value.customFields, 'custom fields that are not a list').map(readCustomField),
    fields: readFields(kind, record(value.fields, 'fields of the wrong shape')),
  } as ItemDetails;
}

/** The JSON a details part is sealed as: only the members its kind reads, so nothing else slips in. */
export function itemDetailsValue(details: ItemDetails): Record<string, unknown> {
  const fields = readFields(details.kind, details.fields);
  return {
    kind: details.kind,
    notes: details.notes,
    customFields: details.customFields.map(readCustomField),
    fields,
  };
}
