import type { ReplacedPassword } from '../../../crypto';
import type { PasswordEntry } from '../model';

// The kinds of item a vault holds (issue #44) in clear text, as they are sealed: every field here
// goes into an item's sealed parts (sealedItem.ts, format 3). The screens do not use this model yet
// (docs/items.md); today's entries read as logins through loginFromEntry, without being rewritten.

export type ItemKind = 'login' | 'note' | 'card' | 'identity' | 'ssh';

/** In the order a "new item" menu offers them. */
export const ITEM_KINDS: readonly ItemKind[] = ['login', 'note', 'card', 'identity', 'ssh'];

export const ITEM_KIND_NAMES: Readonly<Record<ItemKind, string>> = {
  login: 'Login',
  note: 'Secure note',
  card: 'Card',
  identity: 'Identity',
  ssh: 'SSH key',
};

/**
 * How a saved URL decides which pages it is for (urlMatch.ts, docs/items.md): the same origin,
 * the same registrable domain, a URL prefix, or never (kept for reference, never offered).
 */
export type UrlMatch = 'origin' | 'site' | 'prefix' | 'never';

export const URL_MATCHES: readonly UrlMatch[] = ['origin', 'site', 'prefix', 'never'];

/** What the form and the pane call each rule. */
export const URL_MATCH_NAMES: Readonly<Record<UrlMatch, string>> = {
  origin: 'Exact origin',
  site: 'Same site',
  prefix: 'Starts with',
  never: 'Never',
};

export interface ItemUrl {
  readonly url: string;
  readonly match: UrlMatch;
}

/**
 * A field the user adds to any item. A boolean field holds a boolean, never the text "true":
 * the union lets the type say so, where `value: string | boolean` would not.
 */
export type CustomField =
  | { readonly name: string; readonly type: 'text' | 'hidden'; readonly value: string }
  | { readonly name: string; readonly type: 'boolean'; readonly value: boolean };

export type CustomFieldType = CustomField['type'];

export interface LoginFields {
  readonly urls: readonly ItemUrl[];
  readonly username: string;
  readonly password: string;
  /** The one-time code's otpauth:// link (as today's entries keep it), null for none. */
  readonly otp: string | null;
  /** Passwords the login had, newest first. */
  readonly history: readonly ReplacedPassword[];
}

/** A secure note has no fields of its own: its text is the item's notes. */
export type NoteFields = Readonly<Record<string, never>>;

/** Month 1–12 and the full year: a card is valid through the last day of that month. */
export interface CardExpiry {
  readonly month: number;
  readonly year: number;
}

export interface CardFields {
  readonly cardholder: string;
  /** As typed: cardNumber.ts normalises, checks and formats it. */
  readonly number: string;
  readonly expiry: CardExpiry | null;
  /** The security code (CVC, CVV). */
  readonly code: string;
}

export interface IdentityFields {
  /** The title before a name (Mr, Ms, Dr): not the item's title, which names the item in the list. */
  readonly honorific: string;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
  readonly company: string;
  readonly email: string;
  readonly phone: string;
  readonly address1: string;
  readonly address2: string;
  readonly address3: string;
  readonly city: string;
  /** State, province, county or region. */
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
  readonly passportNumber: string;
  readonly licenceNumber: string;
  /** A national identity number: a social security number, a national insurance number. */
  readonly nationalId: string;
}

export interface SshFields {
  /** The private key file's text as pasted or generated (sshKeys.ts reads it). */
  readonly privateKey: string;
  /** One OpenSSH public key line, '' when not known. */
  readonly publicKey: string;
  /** 'SHA256:…' as `ssh-keygen -lf` prints it, computed from the public key; '' when there is none. */
  readonly fingerprint: string;
}

export interface ItemFieldsByKind {
  readonly login: LoginFields;
  readonly note: NoteFields;
  readonly card: CardFields;
  readonly identity: IdentityFields;
  readonly ssh: SshFields;
}

interface ItemOf<K extends ItemKind> {
  readonly kind: K;
  readonly title: string;
  /** Free text; a secure note's whole content. */
  readonly notes: string;
  readonly favourite: boolean;
  readonly customFields: readonly CustomField[];
  readonly fields: ItemFieldsByKind[K];
}

export type LoginItem = ItemOf<'login'>;
export type NoteItem = ItemOf<'note'>;
export type CardItem = ItemOf<'card'>;
export type IdentityItem = ItemOf<'identity'>;
export type SshItem = ItemOf<'ssh'>;

export type Item = LoginItem | NoteItem | CardItem | IdentityItem | SshItem;

/**
 * The fields shown masked until the user asks (a login's password, a card's number and code, an
 * SSH private key, an identity's document numbers); custom fields of type 'hidden' are masked too.
 * An identity's document numbers are masked because they are what identity theft needs, and a
 * screen share or a glance should not give them away.
 */
export const HIDDEN_FIELDS: { readonly [K in ItemKind]: readonly (keyof ItemFieldsByKind[K])[] } = {
  login: ['password'],
  note: [],
  card: ['number', 'code'],
  identity: ['passportNumber', 'licenceNumber', 'nationalId'],
  ssh: ['privateKey'],
};

const EMPTY_FIELDS: ItemFieldsByKind = {
  login: { urls: [], username: '', password: '', otp: null, history: [] },
  note: {},
  card: { cardholder: '', number: '', expiry: null, code: '' },
  identity: {
    honorific: '',
    firstName: '',
    middleName: '',
    lastName: '',
    company: '',
    email: '',
    phone: '',
    address1: '',
    address2: '',
    address3: '',
    city: '',
    region: '',
    postalCode: '',
    country: '',
    passportNumber: '',
    licenceNumber: '',
    nationalId: '',
  },
  ssh: { privateKey: '', publicKey: '', fingerprint: '' },
};

/** A new, empty item of `kind`: what a "new item" form starts from. */
export function emptyItem<K extends ItemKind>(kind: K): ItemOf<K> {
  return { kind, title: '', notes: '', favourite: false, customFields: [], fields: EMPTY_FIELDS[kind] };
}

/**
 * Today's entry read as a login, so existing vaults need no rewrite. Its one url becomes one URL
 * matched by origin, the strictest rule that still fills the site it was saved for. An entry
 * listed with its details unopened has no password, notes, code or history here yet: open the
 * details first when they are needed.
 */
export function loginFromEntry(entry: PasswordEntry): LoginItem {
  const url = entry.url?.trim() ?? '';
  return {
    kind: 'login',
    title: entry.title,
    notes: entry.notes ?? '',
    favourite: false,
    customFields: [],
    fields: {
      urls: url === '' ? [] : [{ url, match: 'origin' }],
      username: entry.username,
      password: entry.password,
      otp: entry.otp ?? null,
      history: entry.passwordHistory ?? [],
    },
  };
}
