// What the import screen and its reading worker say to each other (issue #44, item 4). Reading a
// file (detection, then the format's parser) runs in a worker (readWorker.ts) so a 10,000-item
// export does not hold the page up; the same code answers in this thread where there is no Worker
// (jsdom, Node) through the same interface (importReader.ts). Each side checks what it receives:
// a message is structured-cloned data, never trusted to have the shape its type says.
import type { FileLock, ImportFormatId, ParsedImport } from '../model';
import { isParsedImportShape } from './parsedShape';

export type ReadRequest =
  /** Which format the file is: detectFormat (../detect.ts) over every format the screen offers. */
  | { readonly type: 'detect'; readonly name: string; readonly file: Blob }
  /**
   * The file read as `format`. `filePassword` is the one the user typed for an encrypted file;
   * `keyFile` a KeePass database's key file, as chosen.
   */
  | {
      readonly type: 'parse';
      readonly name: string;
      readonly file: Blob;
      readonly format: ImportFormatId;
      readonly filePassword?: string;
      readonly keyFile?: Uint8Array;
    };

/**
 * Why a read failed, as it crosses the boundary (class instances do not survive a structured clone):
 * 'file' is an ImportFileError, whose message is a sentence for the user, shown as it is; 'password'
 * a NeedsFilePasswordError; 'unexpected' anything else (a bug, a worker that cannot load), whose
 * message is for the console, never the user.
 */
export type ReadFailure =
  | { readonly kind: 'file'; readonly message: string }
  | { readonly kind: 'password'; readonly wrong: boolean; readonly lock: FileLock; readonly keyFileGiven: boolean }
  | { readonly kind: 'unexpected'; readonly message: string };

/** How far the parser is: items read of the items the file holds. */
export interface ReadProgress {
  readonly read: number;
  readonly total: number;
}

export type ReadReply =
  | ({ readonly type: 'progress' } & ReadProgress)
  | { readonly type: 'detected'; readonly format: ImportFormatId | null }
  | { readonly type: 'parsed'; readonly parsed: ParsedImport }
  | { readonly type: 'failed'; readonly failure: ReadFailure };

/** Every format id there is, as a record so that the compiler holds it to ImportFormatId: checking one needs no parser code. */
const FORMAT_ID_SET: Readonly<Record<ImportFormatId, true>> = {
  keyloft: true,
  'keyloft-csv': true,
  'bitwarden-json': true,
  'bitwarden-csv': true,
  '1password-1pux': true,
  '1password-csv': true,
  'lastpass-csv': true,
  'chrome-csv': true,
  'firefox-csv': true,
  'safari-csv': true,
  'keepass-xml': true,
  'keepass-kdbx': true,
  'keepassxc-csv': true,
  'dashlane-csv': true,
};
export const FORMAT_IDS: ReadonlySet<string> = new Set(Object.keys(FORMAT_ID_SET));

type Fields = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isFormatId(value: unknown): value is ImportFormatId {
  return typeof value === 'string' && FORMAT_IDS.has(value);
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The worker's check of what the page sent. */
export function isReadRequest(value: unknown): value is ReadRequest {
  if (!isFields(value) || typeof value.name !== 'string' || !(value.file instanceof Blob)) return false;
  if (value.type === 'detect') return true;
  if (value.type !== 'parse' || !isFormatId(value.format)) return false;
  return (value.filePassword === undefined || typeof value.filePassword === 'string') && (value.keyFile === undefined || value.keyFile instanceof Uint8Array);
}

function isReadFailure(value: unknown): value is ReadFailure {
  if (!isFields(value)) return false;
  switch (value.kind) {
    case 'file':
    case 'unexpected':
      return typeof value.message === 'string';
    case 'password':
      return typeof value.wrong === 'boolean' && (value.lock === 'export' || value.lock === 'keepass') && typeof value.keyFileGiven === 'boolean';
    default:
      return false;
  }
}

/** The page's check of what the worker sent, the parsed file's every item included. */
export function isReadReply(value: unknown): value is ReadReply {
  if (!isFields(value)) return false;
  switch (value.type) {
    case 'progress':
      return isCount(value.read) && isCount(value.total) && value.read <= value.total;
    case 'detected':
      return value.format === null || isFormatId(value.format);
    case 'parsed':
      return isParsedImportShape(value.parsed, isFormatId);
    case 'failed':
      return isReadFailure(value.failure);
    default:
      return false;
  }
}
