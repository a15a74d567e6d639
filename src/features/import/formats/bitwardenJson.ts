// Bitwarden's unencrypted JSON export, personal ({encrypted:false, folders, items}) or organization
// ({encrypted:false, collections, items[].collectionIds}), and a password-protected export, opened
// with its password into the same (../unlock/bitwardenProtected.ts). The mapping is in docs/import.md.
import type { ReplacedPassword } from '../../../crypto';
import { assertImportSize, decodeUtf8, parseJson } from '../fileGuards';
import {
  ImportFileError,
  NeedsFilePasswordError,
  type ImportFile,
  type ImportFieldType,
  type ImportFormat,
  type ImportItem,
  type ImportItemKind,
  type ImportUrlMatch,
  type NotCarried,
  type ParseOptions,
  type ParsedImport,
  type SkippedItem,
} from '../model';
import { LOCKED_FILE_MESSAGES } from './lockedFiles';
import { unlockBitwardenExport } from '../unlock/bitwardenProtected';
import { Extras, TOTP_LABEL, asArray, epochMillis, importItem, isRecord, itemCounter, text, type Json } from './values';

const KIND_BY_TYPE: Readonly<Record<number, ImportItemKind>> = { 1: 'login', 2: 'note', 3: 'card', 4: 'identity', 5: 'ssh' };

/** Bitwarden's custom field types: 0 text, 1 hidden, 2 boolean (3, linked, has no value of its own). */
const FIELD_TYPES: Readonly<Record<number, ImportFieldType>> = { 0: 'text', 1: 'hidden', 2: 'boolean' };

/**
 * Bitwarden's URI match detection (null: the account's default) as Keyloft's rules: domain (0) is
 * the site; host (1), exact (3) and regular expression (4), which Keyloft has not, the origin, the
 * strictest rule that still fills the page; starts with (2) the prefix; never (5) never.
 */
const URL_MATCH: Readonly<Record<number, ImportUrlMatch>> = { 0: 'site', 1: 'origin', 2: 'prefix', 3: 'origin', 4: 'origin', 5: 'never' };

// Bitwarden's key, the label, and the field of Keyloft's item it is (docs/items.md).
type Labels = readonly (readonly [key: string, label: string, field?: string])[];

const CARD_LABELS: Labels = [
  ['cardholderName', 'Cardholder name', 'cardholder'],
  ['brand', 'Card brand', 'brand'],
  ['number', 'Card number', 'number'],
  ['expMonth', 'Expiry month', 'expiryMonth'],
  ['expYear', 'Expiry year', 'expiryYear'],
  ['code', 'Security code', 'code'],
];

// In the order Bitwarden writes them.
const IDENTITY_LABELS: Labels = [
  ['title', 'Title', 'honorific'],
  ['firstName', 'First name', 'firstName'],
  ['middleName', 'Middle name', 'middleName'],
  ['lastName', 'Last name', 'lastName'],
  ['address1', 'Address 1', 'address1'],
  ['address2', 'Address 2', 'address2'],
  ['address3', 'Address 3', 'address3'],
  ['city', 'City', 'city'],
  ['state', 'State or province', 'region'],
  ['postalCode', 'Postal code', 'postalCode'],
  ['country', 'Country', 'country'],
  ['company', 'Company', 'company'],
  ['email', 'Email', 'email'],
  ['phone', 'Phone', 'phone'],
  ['ssn', 'Social security number', 'nationalId'],
  // An identity has no username: it stays a custom field.
  ['username', 'Username'],
  ['passportNumber', 'Passport number', 'passportNumber'],
  ['licenseNumber', 'License number', 'licenceNumber'],
];

const SSH_KEY_LABELS: Labels = [
  ['privateKey', 'Private key', 'privateKey'],
  ['publicKey', 'Public key', 'publicKey'],
  ['keyFingerprint', 'Key fingerprint', 'fingerprint'],
];

// Bitwarden's LinkedId values: a linked field has no value of its own, it points at one of these.
const LINK_TARGETS: Readonly<Record<number, string>> = {
  100: 'username',
  101: 'password',
  300: 'cardholder name',
  301: 'card expiry month',
  302: 'card expiry year',
  303: 'card security code',
  304: 'card brand',
  305: 'card number',
};

/** Bitwarden nests folders (and collections) by a '/' in the name; empty segments name nothing. */
function folderPath(name: string): readonly string[] {
  return name.split('/').filter((part) => part !== '');
}

function namesById(list: unknown): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of asArray(list)) {
    if (isRecord(entry) && typeof entry.id === 'string') names.set(entry.id, text(entry.name));
  }
  return names;
}

function addLabelled(extras: Extras, source: unknown, labels: Labels): void {
  if (!isRecord(source)) return;
  for (const [key, label, field] of labels) extras.add(label, text(source[key]), field);
}

function addCustomFields(extras: Extras, fields: unknown): void {
  for (const field of asArray(fields)) {
    if (!isRecord(field)) continue;
    const label = text(field.name) || 'Custom field';
    if (field.type === 3) {
      const target = typeof field.linkedId === 'number' ? LINK_TARGETS[field.linkedId] : undefined;
      extras.add(label, `Linked to the ${target ?? 'another field'} in Bitwarden`);
    } else {
      const type = typeof field.type === 'number' ? (FIELD_TYPES[field.type] ?? 'text') : 'text';
      // A typed custom field is kept even empty: its name is the user's.
      extras.list.push({ label, value: text(field.value), type });
    }
  }
}

interface Places {
  readonly folders: Map<string, string>;
  readonly collections: Map<string, string>;
}

function folderOf(item: Json, places: Places, extras: Extras): readonly string[] {
  if (typeof item.folderId === 'string') {
    const name = places.folders.get(item.folderId);
    if (name !== undefined) return folderPath(name);
  }
  const collections = asArray(item.collectionIds)
    .map((id) => (typeof id === 'string' ? places.collections.get(id) : undefined))
    .filter((name): name is string => name !== undefined);
  const [first, ...others] = collections;
  // An entry sits in one group: the first collection is its folder, the rest are kept as words.
  for (const name of others) extras.add('Also in collection', name);
  return first === undefined ? [] : folderPath(first);
}

/**
 * The earlier passwords, `[{lastUsedDate, password}]`: lastUsedDate is when the password was last
 * in use, so when it was replaced. One without a readable date cannot be kept (the history needs one).
 */
function readHistory(item: Json, notCarried: NotCarried[]): ReplacedPassword[] {
  const history: ReplacedPassword[] = [];
  for (const earlier of asArray(item.passwordHistory)) {
    if (!isRecord(earlier) || typeof earlier.password !== 'string' || earlier.password === '') continue;
    const replacedAt = typeof earlier.lastUsedDate === 'string' ? epochMillis(Date.parse(earlier.lastUsedDate)) : null;
    if (replacedAt === null) notCarried.push({ kind: 'undated-history' });
    else history.push({ password: earlier.password, replacedAt });
  }
  return history;
}

/** Passkeys and the master-password re-prompt: no place in an item. */
function flagsNotCarried(item: Json, notCarried: NotCarried[]): void {
  const login = isRecord(item.login) ? item.login : {};
  for (const passkey of asArray(login.fido2Credentials)) {
    notCarried.push(isRecord(passkey) && text(passkey.rpId) !== '' ? { kind: 'passkey', name: text(passkey.rpId) } : { kind: 'passkey' });
  }
  if (typeof item.reprompt === 'number' && item.reprompt !== 0) notCarried.push({ kind: 'reprompt' });
}

function toItem(item: Json, at: string, places: Places): ImportItem {
  const type = typeof item.type === 'number' ? item.type : 0;
  const extras = new Extras();
  let url = '';
  let username = '';
  let password = '';
  let urls: { url: string; match: ImportUrlMatch }[] | undefined;
  const login = item.login;
  if (isRecord(login)) {
    urls = asArray(login.uris).flatMap((uri) => {
      if (!isRecord(uri) || text(uri.uri) === '') return [];
      const match = typeof uri.match === 'number' ? URL_MATCH[uri.match] : undefined;
      return [{ url: text(uri.uri), match: match ?? 'origin' }];
    });
    url = urls[0]?.url ?? '';
    username = text(login.username);
    password = text(login.password);
    extras.add(TOTP_LABEL, text(login.totp));
  }
  addLabelled(extras, item.card, CARD_LABELS);
  addLabelled(extras, item.identity, IDENTITY_LABELS);
  addLabelled(extras, item.sshKey, SSH_KEY_LABELS);
  addCustomFields(extras, item.fields);
  const folder = folderOf(item, places, extras);
  const notCarried: NotCarried[] = [];
  const passwordHistory = readHistory(item, notCarried);
  flagsNotCarried(item, notCarried);
  return importItem(at, KIND_BY_TYPE[type] ?? 'other', {
    title: text(item.name),
    url,
    username,
    password,
    notes: text(item.notes),
    extras: extras.list,
    folder,
    passwordHistory,
    notCarried,
    // One URL matched by origin is the url alone, as every format gives it.
    ...(urls === undefined || urls.length === 0 || (urls.length === 1 && urls[0]?.match === 'origin') ? {} : { urls }),
    favourite: item.favorite === true,
  });
}

function readExport(file: ImportFile): Json {
  assertImportSize(file);
  const data = parseJson(decodeUtf8(file.bytes));
  if (!isRecord(data)) throw new ImportFileError('The file is not a Bitwarden JSON export: it holds no items.');
  return data;
}

function readItems(data: Json): Json {
  if (data.encrypted === true) throw new ImportFileError(LOCKED_FILE_MESSAGES.bitwardenAccount);
  if (!Array.isArray(data.items)) {
    throw new ImportFileError('The file is not a Bitwarden JSON export: it holds no items.');
  }
  return data;
}

/** A password-protected export is opened with the password the user typed, then read as the plain export it seals. */
async function openExport(file: ImportFile, options: ParseOptions): Promise<Json> {
  const data = readExport(file);
  if (data.passwordProtected !== true) return readItems(data);
  if (options.filePassword === undefined || options.filePassword === '') throw new NeedsFilePasswordError(false);
  const sealed = parseJson(await unlockBitwardenExport(file.bytes, options.filePassword), 'What the export seals');
  if (!isRecord(sealed) || sealed.encrypted === true || !Array.isArray(sealed.items)) {
    throw new ImportFileError('This Bitwarden export opened, but what it holds is not a Bitwarden JSON export.');
  }
  return sealed;
}

async function parse(file: ImportFile, options: ParseOptions = {}): Promise<ParsedImport> {
  const data = await openExport(file, options);
  const counted = itemCounter(options, asArray(data.items).length);
  const places: Places = { folders: namesById(data.folders), collections: namesById(data.collections) };
  const items: ImportItem[] = [];
  const skipped: SkippedItem[] = [];
  asArray(data.items).forEach((item, index) => {
    counted();
    const at = `item ${String(index + 1)}`;
    if (!isRecord(item)) {
      skipped.push({ at, title: '', reason: 'It is not an item Bitwarden writes.' });
    } else if (item.deletedDate !== undefined && item.deletedDate !== null) {
      skipped.push({ at, title: text(item.name), reason: "It is in Bitwarden's trash." });
    } else {
      items.push(toItem(item, at, places));
    }
  });
  return { format: 'bitwarden-json', items, skipped };
}

/**
 * Every version of Bitwarden's JSON a user may hold (issue #44): today's writes "encrypted" first;
 * older ones have no "encrypted" and start with "folders" (personal) or "collections"
 * (organization) beside "items". An encrypted export is recognised too, so parse can say why it stops.
 */
function recognises({ head }: { readonly head: string }): boolean {
  if (!/^\s*\{/.test(head)) return false;
  if (/^\s*\{\s*"encrypted"\s*:\s*(true|false)\b/.test(head)) return true;
  if (/"encrypted"\s*:/.test(head) && /"(items|passwordProtected)"\s*:/.test(head)) return true;
  return /"items"\s*:\s*\[/.test(head) && /"(folders|collections)"\s*:\s*\[/.test(head);
}

export const bitwardenJsonFormat: ImportFormat = {
  id: 'bitwarden-json',
  label: 'Bitwarden (JSON)',
  recognises,
  parse,
};
