import { parseSshPublicKey, readSshPrivateKey, sshFingerprint } from '../../../crypto';
import { formatCardExpiry, parseCardExpiry } from '../items/cardExpiry';
import { normaliseCardNumber } from '../items/cardNumber';
import { emptyItem, type CustomField, type IdentityFields, type Item, type ItemKind } from '../items/kinds';
import { normaliseSavedUrl } from '../items/urlMatch';
import { canonicalOneTimeCode } from '../otp/oneTimeCode';
import type { ItemDraft } from '../items/validateItem';

// The item form's values (issue #44) and the item a save writes from them. The form holds an
// ItemDraft (validateItem's input: a card's expiry as typed); a save trims every value, as the
// password form does (SPEC.md §5), writes each URL as the URL parser does, reads the expiry and
// computes an SSH key's fingerprint from its public key, so the list never shows one the key
// does not have.

/** The form's values for `item`: a card's expiry written 'MM/YY'. */
export function draftOf(item: Item): ItemDraft {
  if (item.kind !== 'card') return item;
  const { expiry } = item.fields;
  return { ...item, fields: { ...item.fields, expiry: expiry === null ? '' : formatCardExpiry(expiry) } };
}

/** A new item's values: a login starts with one empty URL to fill in. */
export function newDraft(kind: ItemKind): ItemDraft {
  const item = emptyItem(kind) as Item;
  if (item.kind === 'login') return { ...item, fields: { ...item.fields, urls: [{ url: '', match: 'origin' }] } };
  return draftOf(item);
}

/** The draft as another kind, keeping what every kind has (title, notes, favourite, custom fields). */
export function withKind(draft: ItemDraft, kind: ItemKind): ItemDraft {
  if (draft.kind === kind) return draft;
  const { title, notes, favourite, customFields } = draft;
  return { ...newDraft(kind), title, notes, favourite, customFields };
}

function trimmedField(field: CustomField): CustomField {
  const name = field.name.trim();
  return field.type === 'boolean' ? { name, type: 'boolean', value: field.value } : { name, type: field.type, value: field.value.trim() };
}

function trimmedIdentity(fields: IdentityFields): IdentityFields {
  return Object.fromEntries(Object.entries(fields).map(([name, value]: [string, string]) => [name, value.trim()])) as unknown as IdentityFields;
}

/** The public key line a save keeps: the line given, else the one an OpenSSH private key file carries; null for none. */
function sshPublicKey(privateKey: string, publicKey: string) {
  return publicKey !== '' ? parseSshPublicKey(publicKey) : privateKey === '' ? null : readSshPrivateKey(privateKey).publicKey;
}

/** 'SHA256:' and 43 base64 characters, as sshFingerprint writes one: what the size check counts before the save computes it. */
const FINGERPRINT_SIZED = `SHA256:${'x'.repeat(43)}`;

/** The item a valid draft saves, an SSH key's fingerprint given by `fingerprintOf`. */
function itemOf(draft: ItemDraft, fingerprintOf: (key: NonNullable<ReturnType<typeof sshPublicKey>>) => string): Item {
  const common = { title: draft.title.trim(), notes: draft.notes.trim(), favourite: draft.favourite, customFields: draft.customFields.map(trimmedField) };
  switch (draft.kind) {
    case 'login': {
      const urls = draft.fields.urls
        .filter(({ url }) => url.trim() !== '')
        .map(({ url, match }) => ({ url: normaliseSavedUrl(url.trim()) ?? url.trim(), match }));
      const username = draft.fields.username.trim();
      const otp = draft.fields.otp?.trim() ?? '';
      // Stored as a link, as the password form stores it, naming the item and username for a bare key.
      const link = otp === '' ? null : canonicalOneTimeCode(otp, { title: common.title, username });
      const fields = { ...draft.fields, urls, username, password: draft.fields.password.trim(), otp: link };
      return { kind: 'login', ...common, fields };
    }
    case 'note':
      return { kind: 'note', ...common, fields: {} };
    case 'card': {
      const { cardholder, number, expiry, code } = draft.fields;
      const fields = { cardholder: cardholder.trim(), number: normaliseCardNumber(number), expiry: parseCardExpiry(expiry), code: code.trim() };
      return { kind: 'card', ...common, fields };
    }
    case 'identity':
      return { kind: 'identity', ...common, fields: trimmedIdentity(draft.fields) };
    case 'ssh': {
      const privateKey = draft.fields.privateKey.trim();
      const given = draft.fields.publicKey.trim();
      const key = sshPublicKey(privateKey, given);
      const publicKey = key === null ? '' : given !== '' ? given : key.line;
      return { kind: 'ssh', ...common, fields: { privateKey, publicKey, fingerprint: key === null ? '' : fingerprintOf(key) } };
    }
  }
}

/**
 * The item a valid draft (validateItem gave no errors) would save, for its size (itemLimits.ts):
 * as itemOfDraft, with an SSH key's fingerprint counted at its length rather than computed.
 */
export function sizedItemOfDraft(draft: ItemDraft): Item {
  return itemOf(draft, () => FINGERPRINT_SIZED);
}

/** The item a valid draft saves (validateItem gave no errors): trimmed, parsed, the fingerprint computed. */
export async function itemOfDraft(draft: ItemDraft): Promise<Item> {
  if (draft.kind !== 'ssh') return itemOf(draft, () => '');
  const key = sshPublicKey(draft.fields.privateKey.trim(), draft.fields.publicKey.trim());
  const fingerprint = key === null ? '' : await sshFingerprint(key);
  return itemOf(draft, () => fingerprint);
}
