// An exported entry's kind as Bitwarden's item members (issue #44; docs/import.md
// "Bitwarden-compatible JSON"): the type, the member of its kind, its custom fields and favourite
// mark, named as Bitwarden's own export names them, so Bitwarden and Keyloft read them back.
import type { ImportUrlMatch } from '../model';
import type { ExportedEntry, ExportedItemParts } from './exportedVault';

/** A custom field as Bitwarden writes it: type 0 text, 1 hidden, 2 boolean ("true"/"false"). */
export interface BitwardenField {
  readonly name: string;
  readonly value: string;
  readonly type: 0 | 1 | 2;
  readonly linkedId: null;
}

/** One item of any kind: `type` 1 login, 2 secure note, 3 card, 4 identity, 5 SSH key, with the member of its kind. */
export interface BitwardenItem {
  /** The entry's earlier passwords, newest first (issue #44); null for none, as Bitwarden writes it. */
  readonly passwordHistory: readonly { readonly lastUsedDate: string; readonly password: string }[] | null;
  readonly id: string;
  readonly organizationId: null;
  readonly folderId: string | null;
  readonly type: 1 | 2 | 3 | 4 | 5;
  /** 0: no master-password re-prompt. */
  readonly reprompt: 0;
  readonly name: string;
  readonly notes: string | null;
  readonly favorite: boolean;
  /** Custom fields (issue #44); absent for none. */
  readonly fields?: readonly BitwardenField[];
  readonly login?: {
    /** match: null is Bitwarden's default; 0 domain (Keyloft's site), 2 starts with (prefix), 5 never. */
    readonly uris: readonly { readonly match: number | null; readonly uri: string }[];
    readonly username: string | null;
    readonly password: string | null;
    /** The one-time code's otpauth:// link, which Bitwarden reads as its authenticator key. */
    readonly totp: string | null;
  };
  readonly secureNote?: { readonly type: 0 };
  readonly card?: Readonly<Record<string, string | null>>;
  readonly identity?: Readonly<Record<string, string | null>>;
  readonly sshKey?: Readonly<Record<string, string | null>>;
  readonly collectionIds: null;
}

/** Keyloft's rules as Bitwarden's match detection: origin is the account's default (null), which Keyloft reads back as origin. */
const MATCH: Readonly<Record<ImportUrlMatch, number | null>> = { origin: null, site: 0, prefix: 2, never: 5 };

const FIELD_TYPE = { text: 0, hidden: 1, boolean: 2 } as const;

// Keyloft's identity field → Bitwarden's, in the order Bitwarden writes them.
const IDENTITY: readonly (readonly [bitwarden: string, keyloft: string | null])[] = [
  ['title', 'honorific'],
  ['firstName', 'firstName'],
  ['middleName', 'middleName'],
  ['lastName', 'lastName'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['address3', 'address3'],
  ['city', 'city'],
  ['state', 'region'],
  ['postalCode', 'postalCode'],
  ['country', 'country'],
  ['company', 'company'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['ssn', 'nationalId'],
  ['username', null],
  ['passportNumber', 'passportNumber'],
  ['licenseNumber', 'licenceNumber'],
];

const orNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

function fieldsOf(item: ExportedItemParts | undefined): { fields?: BitwardenField[] } {
  if (item === undefined || item.customFields.length === 0) return {};
  return {
    fields: item.customFields.map(({ name, type, value }) => ({ name, value: typeof value === 'boolean' ? String(value) : value, type: FIELD_TYPE[type], linkedId: null })),
  };
}

type KindMembers = Omit<BitwardenItem, 'passwordHistory' | 'id' | 'organizationId' | 'folderId' | 'collectionIds'>;

export function bitwardenKindMembers(entry: ExportedEntry): KindMembers {
  const { item } = entry;
  const common = { reprompt: 0 as const, name: entry.title, notes: entry.notes || null, favorite: item?.favourite ?? false, ...fieldsOf(item) };
  const field = (name: string): string | null => orNull(item?.fields[name]);
  switch (item?.kind ?? 'login') {
    case 'login': {
      const urls = item?.urls ?? (entry.url ? [{ url: entry.url, match: 'origin' as const }] : []);
      return {
        type: 1,
        ...common,
        login: {
          uris: urls.map(({ url, match }) => ({ match: MATCH[match], uri: url })),
          username: entry.username || null,
          password: entry.password || null,
          totp: entry.otp ?? null,
        },
      };
    }
    case 'note':
      return { type: 2, ...common, secureNote: { type: 0 } };
    case 'card': {
      const expiry = item?.expiry ?? null;
      return {
        type: 3,
        ...common,
        card: {
          cardholderName: field('cardholder'),
          // Keyloft reads the brand from the number; Bitwarden does too when it is left out.
          brand: null,
          number: field('number'),
          expMonth: expiry === null ? null : String(expiry.month),
          expYear: expiry === null ? null : String(expiry.year),
          code: field('code'),
        },
      };
    }
    case 'identity':
      return { type: 4, ...common, identity: Object.fromEntries(IDENTITY.map(([bitwarden, keyloft]) => [bitwarden, keyloft === null ? null : field(keyloft)])) };
    case 'ssh':
      return { type: 5, ...common, sshKey: { privateKey: field('privateKey'), publicKey: field('publicKey'), keyFingerprint: field('fingerprint') } };
  }
}
