// An imported entry (the import plan's PlannedEntry, by structure) as the item it is (issue #44):
// its kind, favourite mark, URLs and rules, custom fields and the fields of its kind, for saveItem.
// Without `item` it is a login of the entry's own fields, as before items had kinds.
import { parseSshPublicKey, sshFingerprint, type ReplacedPassword } from '../../crypto';
import { emptyItem, type CustomField, type IdentityFields, type Item, type ItemUrl } from './items/kinds';

/** What the plan gives beside an entry's fields (plan/types.ts PlannedItemParts). */
export interface ImportedItemParts {
  readonly kind: Item['kind'];
  readonly favourite: boolean;
  readonly urls: readonly ItemUrl[];
  readonly customFields: readonly CustomField[];
  readonly fields: Readonly<Record<string, string>>;
  readonly expiry: { readonly month: number; readonly year: number } | null;
}

/** What the vault needs of an imported entry. */
export interface ImportedEntry {
  readonly title: string;
  readonly url: string | null;
  readonly username: string;
  readonly password: string;
  readonly notes: string | null;
  /** The one-time code as the plan read it with this vault's oneTimeCode (issue #23). */
  readonly otp?: string;
  readonly passwordHistory?: readonly ReplacedPassword[];
  readonly item?: ImportedItemParts;
}

/** The fingerprint of a public key line; '' for none or one that does not parse (the form says so when the item is edited). */
async function fingerprintOf(publicKey: string): Promise<string> {
  if (publicKey.trim() === '') return '';
  try {
    return await sshFingerprint(parseSshPublicKey(publicKey));
  } catch {
    return '';
  }
}

/** 'SHA256:' and 43 base64 characters, as sshFingerprint writes one: what sizedImportedItem counts. */
const FINGERPRINT_SIZED = `SHA256:${'x'.repeat(43)}`;

function itemOf(entry: ImportedEntry, fingerprint: string): Item {
  const parts = entry.item;
  const common = { title: entry.title, notes: entry.notes ?? '', favourite: parts?.favourite ?? false, customFields: parts?.customFields ?? [] };
  const field = (name: string): string => parts?.fields[name] ?? '';
  switch (parts?.kind ?? 'login') {
    case 'login': {
      const urls = parts?.urls ?? (entry.url === null ? [] : [{ url: entry.url, match: 'origin' as const }]);
      const history = entry.passwordHistory ?? [];
      return { kind: 'login', ...common, fields: { urls, username: entry.username, password: entry.password, otp: entry.otp ?? null, history } };
    }
    case 'note':
      return { kind: 'note', ...common, fields: {} };
    case 'card':
      return { kind: 'card', ...common, fields: { cardholder: field('cardholder'), number: field('number'), code: field('code'), expiry: parts?.expiry ?? null } };
    case 'identity': {
      const empty = emptyItem('identity').fields;
      const fields = Object.fromEntries(Object.keys(empty).map((name) => [name, field(name)])) as unknown as IdentityFields;
      return { kind: 'identity', ...common, fields };
    }
    case 'ssh':
      return { kind: 'ssh', ...common, fields: { privateKey: field('privateKey'), publicKey: field('publicKey'), fingerprint } };
  }
}

/** The item an imported entry becomes, for its size (items/itemLimits.ts): an SSH key's fingerprint counted at its length, not computed. */
export function sizedImportedItem(entry: ImportedEntry): Item {
  return itemOf(entry, entry.item?.kind === 'ssh' && (entry.item.fields.publicKey ?? '').trim() !== '' ? FINGERPRINT_SIZED : '');
}

export async function importedItem(entry: ImportedEntry): Promise<Item> {
  return itemOf(entry, entry.item?.kind === 'ssh' ? await fingerprintOf(entry.item.fields.publicKey ?? '') : '');
}
