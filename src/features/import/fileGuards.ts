// Checks every import file passes before any format reads it (issue #20, item 6): a size limit,
// strict UTF-8 decoding and JSON parsing whose failures become sentences for the user, never a
// stack trace or a half-read file.
import { ImportFileError, type ImportFile } from './model';

/**
 * 20 MiB. The largest real exports we target (10,000 logins) are a few MiB as JSON, XML or CSV, and
 * a 1PUX zip of the same is smaller still; the whole file is held in memory and parsed at once (in
 * the reading worker: ./read), so the limit keeps a wrong pick (a video, a disk image, a 50 MB file)
 * from being read at all, and the parsed copy the page takes from the worker stays small.
 */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const MIB = 1024 * 1024;

/**
 * Refuses a file over MAX_IMPORT_BYTES; call before looking inside it. Only the length is read, so
 * the import screen checks a picked file's size before reading it into memory.
 */
export function assertImportSize(file: { readonly bytes: Pick<ImportFile['bytes'], 'byteLength'> }): void {
  if (file.bytes.byteLength > MAX_IMPORT_BYTES) {
    const size = (file.bytes.byteLength / MIB).toFixed(1);
    throw new ImportFileError(
      `The file is ${size} MiB; Keyloft imports files of at most ${String(MAX_IMPORT_BYTES / MIB)} MiB.`,
    );
  }
}

/** The bytes as UTF-8 text, a leading byte-order mark dropped; anything else is refused, not guessed. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    // ignoreBOM false (the default) is what strips the byte-order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError('The file is not UTF-8 text.');
  }
}

/** JSON.parse with its failure in words; `what` names the file for the message ('The file', 'export.data'). */
export function parseJson(text: string, what = 'The file'): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImportFileError(`${what} is not valid JSON: it may be cut short or not be an export at all.`);
  }
}
