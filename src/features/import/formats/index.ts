// Every format the import screen offers, in detection order (detect.ts): Keyloft's own export
// first (JSON that Bitwarden's looser check would also take), then the zip, XML and JSON layouts,
// then the CSV formats, whose header checks are the loosest.
import type { ImportFormat, ImportFormatId } from '../model';
import { CSV_FORMATS } from './csvFormats';
import { keyloftFormat } from './keyloft';
import { STRUCTURED_FORMATS } from './structuredFormats';

export const IMPORT_FORMATS: readonly ImportFormat[] = [keyloftFormat, ...STRUCTURED_FORMATS, ...CSV_FORMATS];

export function importFormat(id: ImportFormatId): ImportFormat {
  const format = IMPORT_FORMATS.find((candidate) => candidate.id === id);
  if (format === undefined) throw new Error(`No import format ${id}.`);
  return format;
}
