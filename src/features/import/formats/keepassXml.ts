// KeePass 2's XML export (KeePassFile/Root/Group, nested groups of Entry elements whose String
// Key/Value pairs hold the fields). Mapping in docs/import.md; an entry's history versions give
// its earlier passwords (./keepassHistory.ts), never entries of their own.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { assertImportSize, decodeUtf8 } from '../fileGuards';
import { ImportFileError, type ImportFile, type ImportFormat, type ImportItem, type NotCarried, type ParseOptions, type ParsedImport, type SkippedItem } from '../model';
import { readKeepassHistory } from './keepassHistory';
import { Extras, TOTP_LABEL, asArray, importItem, isRecord, itemCounter, settled, text, type Json } from './values';

// A DOCTYPE is where entities are declared: refusing it up front is what stops a billion-laughs
// file, before any parser sees it. KeePass never writes one.
const DECLARES_ENTITIES = /<!(DOCTYPE|ENTITY)/i;
const NO_RECYCLE_BIN = 'AAAAAAAAAAAAAAAAAAAAAA==';
const STANDARD_KEYS = new Set(['Title', 'UserName', 'Password', 'URL', 'Notes']);

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY_REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;

/**
 * The five predefined entities and numeric character references, in one pass (so '&amp;#65;' stays
 * '&#65;'). The parser's own processEntities leaves numeric references undecoded unless its
 * deprecated HTML-entity mode is on, which would also decode HTML names XML does not have.
 */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(ENTITY_REFERENCE, (reference, name: string) => {
    if (!name.startsWith('#')) return XML_ENTITIES[name] ?? reference;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : reference;
  });
}

const REPEATED = new Set(['Group', 'Entry', 'String', 'Binary']);
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  tagValueProcessor: (_tag, value) => decodeEntities(value),
  isArray: (tag) => REPEATED.has(tag),
});

function readDocument(xml: string): Json {
  if (DECLARES_ENTITIES.test(xml)) {
    throw new ImportFileError('The file declares XML entities, which Keyloft refuses to expand.');
  }
  // The parser itself reads broken XML without complaint, so the file is validated first.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- its successor (fast-xml-validator) is not a dependency, and this issue adds none
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ImportFileError(`The file is not valid XML: ${valid.err.msg} (line ${String(valid.err.line)}).`);
  }
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    throw new ImportFileError('The file is not valid XML, or its groups are nested too deeply to read.');
  }
  const keepass = isRecord(document) ? document.KeePassFile : undefined;
  if (!isRecord(keepass) || !isRecord(keepass.Root)) {
    throw new ImportFileError('The file is not a KeePass 2 XML export: it has no KeePassFile root.');
  }
  return keepass;
}

/** A Value element: plain text, or {#text, @_ProtectInMemory} (written in plain in the export). */
function valueText(value: unknown): string {
  if (!isRecord(value)) return text(value);
  if (value['@_Protected'] === 'True') {
    throw new ImportFileError(
      'The file holds encrypted values: it is a database dump, not an export. In KeePass choose File › Export › KeePass XML (2.x).',
    );
  }
  return text(value['#text']);
}

/** A version's Password string ('' for none). */
function passwordOf(entry: Json): string {
  const pair = asArray(entry.String).find((candidate) => isRecord(candidate) && candidate.Key === 'Password');
  return isRecord(pair) ? valueText(pair.Value) : '';
}

function toItem(entry: Json, at: string, folder: readonly string[]): ImportItem {
  const fields = new Map<string, string>();
  const extras = new Extras();
  for (const pair of asArray(entry.String)) {
    if (!isRecord(pair)) continue;
    const key = text(pair.Key);
    const value = valueText(pair.Value);
    if (STANDARD_KEYS.has(key)) fields.set(key, value);
    else extras.add(key === 'otp' ? TOTP_LABEL : key || 'Field', value);
  }
  extras.add('Tags', text(entry.Tags));
  const notCarried: NotCarried[] = [];
  for (const binary of asArray(entry.Binary)) {
    if (!isRecord(binary)) continue;
    // The file's name is a custom field; the file itself is not stored by an entry.
    extras.add('Attached file', text(binary.Key));
    notCarried.push(text(binary.Key) === '' ? { kind: 'attachment' } : { kind: 'attachment', name: text(binary.Key) });
  }
  if (isRecord(entry.Times) && text(entry.Times.Expires) === 'True') notCarried.push({ kind: 'expiry' });
  const { history, undated } = readKeepassHistory(entry, passwordOf);
  for (let count = 0; count < undated; count += 1) notCarried.push({ kind: 'undated-history' });
  return importItem(at, 'login', {
    title: fields.get('Title') ?? '',
    url: fields.get('URL') ?? '',
    username: fields.get('UserName') ?? '',
    password: fields.get('Password') ?? '',
    notes: fields.get('Notes') ?? '',
    extras: extras.list,
    folder,
    passwordHistory: history,
    notCarried,
  });
}

interface Walk {
  readonly recycleBin: string | null;
  readonly items: ImportItem[];
  readonly skipped: SkippedItem[];
  readonly counted: () => void;
  count: number;
}

function isRecycleBin(group: Json, walk: Walk, underRoot: boolean): boolean {
  if (walk.recycleBin !== null) return text(group.UUID) === walk.recycleBin;
  // Without a RecycleBinUUID in Meta, KeePass's default bin is the root's child of this name.
  return underRoot && text(group.Name) === 'Recycle Bin';
}

function walkGroup(group: Json, folder: readonly string[], inBin: boolean, walk: Walk): void {
  for (const entry of asArray(group.Entry)) {
    walk.count += 1;
    walk.counted();
    const at = `item ${String(walk.count)}`;
    if (!isRecord(entry)) {
      walk.skipped.push({ at, title: '', reason: 'It is not an entry KeePass writes.' });
    } else if (inBin) {
      const title = asArray(entry.String).find((pair) => isRecord(pair) && pair.Key === 'Title');
      walk.skipped.push({ at, title: isRecord(title) ? valueText(title.Value) : '', reason: "It is in KeePass's Recycle Bin." });
    } else {
      walk.items.push(toItem(entry, at, folder));
    }
  }
  for (const child of asArray(group.Group)) {
    if (!isRecord(child)) continue;
    const name = text(child.Name);
    const path = name === '' ? folder : [...folder, name];
    walkGroup(child, path, inBin || isRecycleBin(child, walk, folder.length === 0 && !inBin), walk);
  }
}

/** The entries walkGroup will visit under `groups`: the total its progress counts to. */
function entryCount(groups: readonly unknown[]): number {
  return groups.reduce<number>((sum, group) => (isRecord(group) ? sum + asArray(group.Entry).length + entryCount(asArray(group.Group)) : sum), 0);
}

/**
 * KeePass XML as text: a file's, or what an opened .kdbx database gives (../unlock/kdbx.ts), whose
 * size the database's own check already bounded.
 */
export function parseKeepassXml(xml: string, options?: ParseOptions): ParsedImport {
  const keepass = readDocument(xml);
  const meta = isRecord(keepass.Meta) ? keepass.Meta : {};
  const binUuid = text(meta.RecycleBinUUID);
  const root = keepass.Root;
  const groups = isRecord(root) ? asArray(root.Group) : [];
  const walk: Walk = {
    recycleBin: binUuid === '' || binUuid === NO_RECYCLE_BIN ? null : binUuid,
    items: [],
    skipped: [],
    counted: itemCounter(options, entryCount(groups)),
    count: 0,
  };
  // The database's root group holds everything; its name is the database's, not a folder.
  for (const group of groups) {
    if (isRecord(group)) walkGroup(group, [], false, walk);
  }
  return { format: 'keepass-xml', items: walk.items, skipped: walk.skipped };
}

export const keepassXmlFormat: ImportFormat = {
  id: 'keepass-xml',
  label: 'KeePass 2 (XML)',
  recognises: ({ head }) => head.includes('<KeePassFile'),
  parse: settled((file: ImportFile, options?: ParseOptions) => {
    assertImportSize(file);
    return parseKeepassXml(decodeUtf8(file.bytes), options);
  }),
};
