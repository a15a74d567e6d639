// 1Password's 1PUX export: a zip holding export.attributes and export.data (JSON: accounts[].vaults[]
// .items[]) and any attached files under files/, which are not read. Mapping in docs/import.md.
import { unzipSync, type Unzipped } from 'fflate';
import type { ReplacedPassword } from '../../../crypto';
import { MAX_IMPORT_BYTES, assertImportSize, decodeUtf8, parseJson } from '../fileGuards';
import {
  ImportFileError,
  type ImportFile,
  type ImportFormat,
  type ImportItem,
  type ImportItemKind,
  type NotCarried,
  type ParseOptions,
  type ParsedImport,
  type SkippedItem,
} from '../model';
import { renderValue, sectionFieldExtras } from './onePasswordFields';
import { Extras, asArray, epochMillis, importItem, isRecord, itemCounter, settled, text, type Json } from './values';

const EXPORT_DATA = 'export.data';
const EXPORT_ATTRIBUTES = 'export.attributes';
/**
 * JSON compresses well, but an export.data whose header declares more than this is a zip bomb, not
 * a password vault. fflate unpacks into a buffer of the declared size, so a header that understates
 * it yields a cut-short export.data, refused as unreadable JSON.
 */
const MAX_EXPORT_DATA_BYTES = 5 * MAX_IMPORT_BYTES;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

// A Map: the category comes from the file, and a plain object would answer 'constructor'.
const KIND_BY_CATEGORY: ReadonlyMap<string, ImportItemKind> = new Map([
  ['001', 'login'],
  ['002', 'card'],
  ['003', 'note'],
  ['004', 'identity'],
  ['005', 'login'],
  ['114', 'ssh'],
]);
const DOCUMENT_CATEGORY = '006';

function incomplete(why: string): ImportFileError {
  return new ImportFileError(`The file is not a complete 1Password export (.1pux): ${why}.`);
}

function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
}

function unzipExport(bytes: Uint8Array): Unzipped {
  if (!isZip(bytes)) throw new ImportFileError('The file is not a 1Password export (.1pux): it is not a zip archive.');
  const unpacked = { oversized: false };
  let files: Unzipped;
  try {
    files = unzipSync(bytes, {
      filter: (entry) => {
        if (entry.name !== EXPORT_DATA && entry.name !== EXPORT_ATTRIBUTES) return false;
        if (entry.originalSize > MAX_EXPORT_DATA_BYTES) unpacked.oversized = true;
        return !unpacked.oversized;
      },
    });
  } catch {
    throw incomplete('the zip archive is damaged or cut short');
  }
  if (unpacked.oversized) throw incomplete(`${EXPORT_DATA} unpacks to more than ${String(MAX_EXPORT_DATA_BYTES / 1024 / 1024)} MiB`);
  return files;
}

function readExportData(file: ImportFile): Json {
  assertImportSize(file);
  const data = unzipExport(file.bytes)[EXPORT_DATA];
  if (data === undefined) throw incomplete(`it has no ${EXPORT_DATA}`);
  let parsed: unknown;
  try {
    parsed = parseJson(decodeUtf8(data));
  } catch {
    throw incomplete(`${EXPORT_DATA} is not readable JSON`);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.accounts)) throw incomplete(`${EXPORT_DATA} holds no accounts`);
  return parsed;
}

interface Login {
  username: string;
  password: string;
  url: string;
}

function readLoginFields(details: Json, login: Login, extras: Extras): void {
  for (const field of asArray(details.loginFields)) {
    if (!isRecord(field)) continue;
    const value = isRecord(field.value) ? text(field.value.email_address) || text(field.value.string) : text(field.value);
    if (field.designation === 'username' && login.username === '') login.username = value;
    else if (field.designation === 'password' && login.password === '') login.password = value;
    else extras.add(text(field.name) || 'Form field', value);
  }
}

function readSections(details: Json, kind: ImportItemKind, login: Login, extras: Extras, notCarried: NotCarried[]): void {
  const templated = kind === 'card' || kind === 'identity';
  for (const section of asArray(details.sections)) {
    if (!isRecord(section)) continue;
    const sectionTitle = text(section.title);
    for (const field of asArray(section.fields)) {
      if (!isRecord(field)) continue;
      // Server, database and router items keep their credentials in a section, under these ids.
      if (!templated && isRecord(field.value)) {
        const id = text(field.id);
        if ((id === 'username' || id === 'password' || id === 'url') && login[id] === '') {
          const value = text(field.value.string) || text(field.value.concealed) || text(field.value.url);
          if (value !== '') {
            login[id] = value;
            continue;
          }
        }
      }
      extras.list.push(...sectionFieldExtras(field, sectionTitle, templated));
      // The file's name is a custom field; the file itself is not read (nor stored by an entry).
      const value = renderValue(field.value);
      if (value.type === 'file') notCarried.push(value.text === '' ? { kind: 'attachment' } : { kind: 'attachment', name: value.text });
    }
  }
}

function readUrls(overview: Json, login: Login, extras: Extras): void {
  const urls = asArray(overview.urls)
    .map((entry) => (isRecord(entry) ? text(entry.url) : ''))
    .filter((url) => url !== '');
  login.url = text(overview.url) || (urls[0] ?? '');
  // overview.url repeats one of overview.urls (the primary); the others are extra urls.
  const primary = urls.indexOf(login.url);
  extras.addUrls(primary === -1 ? urls : urls.filter((_, index) => index !== primary));
}

/** `details.passwordHistory`: `[{value, time}]`, the time in Unix seconds (when it was replaced). */
function readHistory(details: Json, notCarried: NotCarried[]): ReplacedPassword[] {
  const history: ReplacedPassword[] = [];
  for (const earlier of asArray(details.passwordHistory)) {
    if (!isRecord(earlier) || typeof earlier.value !== 'string' || earlier.value === '') continue;
    const replacedAt = typeof earlier.time === 'number' ? epochMillis(earlier.time * 1000) : null;
    if (replacedAt === null) notCarried.push({ kind: 'undated-history' });
    else history.push({ password: earlier.value, replacedAt });
  }
  return history;
}

function toItem(item: Json, at: string, folder: readonly string[]): ImportItem {
  const overview = isRecord(item.overview) ? item.overview : {};
  const details = isRecord(item.details) ? item.details : {};
  const kind = KIND_BY_CATEGORY.get(text(item.categoryUuid)) ?? 'other';
  const login: Login = { username: '', password: '', url: '' };
  const extras = new Extras();
  readUrls(overview, login, extras);
  readLoginFields(details, login, extras);
  // A Password item (005) has no login fields: its one value is details.password.
  if (login.password === '') login.password = text(details.password);
  const notCarried: NotCarried[] = [];
  readSections(details, kind, login, extras, notCarried);
  const tags = asArray(overview.tags).map(text).filter((tag) => tag !== '');
  extras.add('Tags', tags.join(', '));
  const passwordHistory = readHistory(details, notCarried);
  return importItem(at, kind, {
    title: text(overview.title),
    ...login,
    notes: text(details.notesPlain),
    extras: extras.list,
    folder,
    passwordHistory,
    notCarried,
    // favIndex is the item's place among the favourites; 0 (or none) for an item that is not one.
    favourite: typeof item.favIndex === 'number' && item.favIndex > 0,
  });
}

function skipReason(item: Json): string | null {
  if (item.trashed === true || item.state === 'deleted') return "It is in 1Password's trash.";
  if (text(item.categoryUuid) === DOCUMENT_CATEGORY) return 'It is a 1Password document (a file); Keyloft does not store files.';
  return null;
}

/** The items parse will visit: the total its progress counts to. */
function itemTotal(data: Json): number {
  let total = 0;
  for (const account of asArray(data.accounts)) {
    if (!isRecord(account)) continue;
    for (const vault of asArray(account.vaults)) if (isRecord(vault)) total += asArray(vault.items).length;
  }
  return total;
}

function parse(file: ImportFile, options?: ParseOptions): ParsedImport {
  const data = readExportData(file);
  const counted = itemCounter(options, itemTotal(data));
  const items: ImportItem[] = [];
  const skipped: SkippedItem[] = [];
  let count = 0;
  for (const account of asArray(data.accounts)) {
    if (!isRecord(account)) continue;
    for (const vault of asArray(account.vaults)) {
      if (!isRecord(vault)) continue;
      const vaultName = isRecord(vault.attrs) ? text(vault.attrs.name) : '';
      const folder = vaultName === '' ? [] : [vaultName];
      for (const entry of asArray(vault.items)) {
        count += 1;
        counted();
        const at = `item ${String(count)}`;
        // Early 1PUX versions wrapped each item as {item: {...}}.
        const item = isRecord(entry) && isRecord(entry.item) ? entry.item : entry;
        if (!isRecord(item)) {
          skipped.push({ at, title: '', reason: 'It is not an item 1Password writes.' });
          continue;
        }
        const reason = skipReason(item);
        if (reason === null) items.push(toItem(item, at, folder));
        else skipped.push({ at, title: isRecord(item.overview) ? text(item.overview.title) : '', reason });
      }
    }
  }
  return { format: '1password-1pux', items, skipped };
}

export const onePassword1puxFormat: ImportFormat = {
  id: '1password-1pux',
  label: '1Password (1PUX)',
  recognises: ({ name, head, bytes }) => {
    if (!isZip(bytes)) return false;
    if (/\.1pux$/i.test(name)) return true;
    // A zip names its members in plain bytes: in the local headers up front, and in the central directory at the end.
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.byteLength - 64 * 1024)));
    return head.includes(EXPORT_DATA) || tail.includes(EXPORT_DATA);
  },
  parse: settled(parse),
};
