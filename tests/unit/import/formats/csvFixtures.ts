// Loads the export fixtures in tests/fixtures/import and runs a format over them the way the
// import screen will: the file's bytes to `parse`, its name and first 64 KiB to `recognises`.
import { readFileSync } from 'node:fs';
import type { ImportFile, ImportFormat, ParsedImport } from '../../../../src/features/import/model';

const HEAD_BYTES = 64 * 1024;

export function fixture(name: string): ImportFile {
  return { name, bytes: new Uint8Array(readFileSync(new URL(`../../../fixtures/import/${name}`, import.meta.url))) };
}

export function textFile(name: string, text: string): ImportFile {
  return { name, bytes: new TextEncoder().encode(text) };
}

export function sampleOf(file: ImportFile): { name: string; head: string; bytes: Uint8Array } {
  const bytes = file.bytes.subarray(0, HEAD_BYTES);
  return { name: file.name, head: new TextDecoder().decode(bytes), bytes };
}

export function parseFixture(format: ImportFormat, name: string): Promise<ParsedImport> {
  return format.parse(fixture(name), {});
}

export function parseText(format: ImportFormat, text: string, name = 'export.csv'): Promise<ParsedImport> {
  return format.parse(textFile(name, text), {});
}
