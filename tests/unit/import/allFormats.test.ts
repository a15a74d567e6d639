import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../src/features/import/detect';
import { IMPORT_FORMATS, importFormat } from '../../../src/features/import/formats';
import type { ImportFormatId, ParseProgress } from '../../../src/features/import/model';
import { fileOf, fixtureBytes, fixtureText } from './importFixtures';

// The screen's one list, in its detection order: every fixture is detected as its own format, and
// every format of model.ts is offered exactly once.

const FIXTURES: readonly (readonly [string, ImportFormatId])[] = [
  ['keyloft-plain-v1.json', 'keyloft'],
  ['bitwarden-personal.json', 'bitwarden-json'],
  ['bitwarden-organization.json', 'bitwarden-json'],
  ['bitwarden.csv', 'bitwarden-csv'],
  ['bitwarden-org.csv', 'bitwarden-csv'],
  ['1password.csv', '1password-csv'],
  ['lastpass.csv', 'lastpass-csv'],
  ['chrome.csv', 'chrome-csv'],
  ['firefox.csv', 'firefox-csv'],
  ['safari.csv', 'safari-csv'],
  ['keepass.xml', 'keepass-xml'],
  ['keepassxc.csv', 'keepassxc-csv'],
  ['dashlane.csv', 'dashlane-csv'],
  ['keyloft.csv', 'keyloft-csv'],
];

describe('IMPORT_FORMATS', () => {
  it('offers every format once', () => {
    const ids = IMPORT_FORMATS.map((format) => format.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      [
        'keyloft',
        'keyloft-csv',
        'bitwarden-json',
        'bitwarden-csv',
        '1password-1pux',
        '1password-csv',
        'lastpass-csv',
        'chrome-csv',
        'firefox-csv',
        'safari-csv',
        'keepass-xml',
        'keepass-kdbx',
        'keepassxc-csv',
        'dashlane-csv',
      ].sort(),
    );
    expect(IMPORT_FORMATS[0]?.id).toBe('keyloft');
  });

  it.each(FIXTURES)('detects %s as %s, and that format reads it', async (name, id) => {
    const file = fileOf(name, fixtureBytes(name));
    expect(detectFormat(file, IMPORT_FORMATS)?.id).toBe(id);
    const parsed = await importFormat(id).parse(file, {});
    expect(parsed.format).toBe(id);
    expect(parsed.items.length).toBeGreaterThan(0);
  });

  it.each([...FIXTURES, ['vault.1pux', '1password-1pux'] as const])('%s: the parser counts every item it reads, from 0 to all (issue #44, item 4)', async (name, id) => {
    const bytes =
      id === '1password-1pux'
        ? zipSync({ 'export.attributes': strToU8('{"version":3}'), 'export.data': strToU8(fixtureText('1password-export.data.json')) })
        : fixtureBytes(name);
    const seen: ParseProgress[] = [];
    const parsed = await importFormat(id).parse(fileOf(name, bytes), { onProgress: (progress) => seen.push(progress) });
    const total = parsed.items.length + parsed.skipped.length;
    expect(seen).toEqual(Array.from({ length: total + 1 }, (_, read) => ({ read, total })));
  });

  it('detects a 1Password export (.1pux zip) by its export.data', () => {
    const zip = zipSync({ 'export.attributes': strToU8('{"version":3}'), 'export.data': strToU8(fixtureText('1password-export.data.json')) });
    expect(detectFormat(fileOf('vault.1pux', zip), IMPORT_FORMATS)?.id).toBe('1password-1pux');
  });

  it('detects nothing in a file of no format it knows', () => {
    expect(detectFormat(fileOf('notes.txt', 'just some words\nand more'), IMPORT_FORMATS)).toBeNull();
  });

  it('names an unknown id as a programming error', () => {
    expect(() => importFormat('nope' as ImportFormatId)).toThrow('No import format nope.');
  });
});
