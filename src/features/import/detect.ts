// Which format a picked file is (issue #20, item 1): each format recognises its own layout from the
// file name and the first 64 KiB; the first that does wins, and the user can correct the pick.
import { assertImportSize } from './fileGuards';
import { lockedFileReason } from './formats/lockedFiles';
import { ImportFileError, type ImportFile, type ImportFormat } from './model';

export const SAMPLE_BYTES = 64 * 1024;

export type FormatSample = Parameters<ImportFormat['recognises']>[0];

/**
 * What `recognises` sees. The head is decoded leniently: a zip's head is not text, and a multi-byte
 * character cut at 64 KiB must not hide the header before it (strict decoding happens in parse).
 */
export function sampleOf(file: ImportFile): FormatSample {
  const head = new TextDecoder('utf-8').decode(file.bytes.subarray(0, SAMPLE_BYTES));
  return { name: file.name, head, bytes: file.bytes };
}

/**
 * The first format in `formats` that recognises the file, or null. Order matters: the most specific
 * layouts first, so the screen passes
 *   [<Keyloft's own format>, ...STRUCTURED_FORMATS, ...CSV_FORMATS]   (CSV_FORMATS: ./formats/csvFormats)
 * (Keyloft's own export first, as JSON that Bitwarden's looser check might also accept; zip and XML
 * before any CSV, whose header checks are the loosest). Throws ImportFileError for a file over the size limit, before
 * anything reads it, and for a file Keyloft cannot read whatever the format (an encrypted KeePass
 * database or Bitwarden export, a 1PIF: ./formats/lockedFiles), saying what it is and what to export instead.
 */
export function detectFormat(file: ImportFile, formats: readonly ImportFormat[]): ImportFormat | null {
  assertImportSize(file);
  const sample = sampleOf(file);
  const locked = lockedFileReason(sample);
  if (locked !== null) throw new ImportFileError(locked);
  return formats.find((format) => format.recognises(sample)) ?? null;
}
