// The reading worker's protocol (issue #44, item 4): each side refuses what is not a message of
// the protocol, down to every item of a parsed file, and takes every real one.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_FORMATS, importFormat } from '../../../../src/features/import/formats';
import type { ImportFormatId, ParsedImport } from '../../../../src/features/import/model';
import { FORMAT_IDS, isReadReply, isReadRequest } from '../../../../src/features/import/read/readProtocol';
import { fileOf, fixtureBytes } from '../importFixtures';

const blob = new Blob(['x']);

const FIXTURES: readonly (readonly [string, ImportFormatId])[] = [
  ['keyloft-plain-v1.json', 'keyloft'],
  ['bitwarden-personal.json', 'bitwarden-json'],
  ['keepass.xml', 'keepass-xml'],
  ['lastpass.csv', 'lastpass-csv'],
  ['keyloft.csv', 'keyloft-csv'],
];

async function parsedFixtures(): Promise<ParsedImport[]> {
  const parsed = await Promise.all(FIXTURES.map(([name, id]) => importFormat(id).parse(fileOf(name, fixtureBytes(name)), {})));
  const onePux = zipSync({ 'export.data': fixtureBytes('1password-export.data.json'), 'export.attributes': strToU8('{"version":3}') });
  return [...parsed, await importFormat('1password-1pux').parse(fileOf('export.1pux', onePux), {})];
}

describe('the read protocol: requests (checked by the worker)', () => {
  it('takes a detect request and a parse request of every format, with or without a file password', () => {
    expect(isReadRequest({ type: 'detect', name: 'a.csv', file: blob })).toBe(true);
    for (const { id } of IMPORT_FORMATS) expect(isReadRequest({ type: 'parse', name: 'a', file: blob, format: id })).toBe(true);
    expect(isReadRequest({ type: 'parse', name: 'a', file: blob, format: 'keyloft', filePassword: 'pw' })).toBe(true);
    expect(isReadRequest({ type: 'parse', name: 'a', file: blob, format: 'keepass-kdbx', filePassword: 'pw', keyFile: new Uint8Array(32) })).toBe(true);
    expect([...FORMAT_IDS].sort()).toEqual(IMPORT_FORMATS.map(({ id }) => id).sort());
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'detect'],
    ['an array', [{ type: 'detect', name: 'a', file: blob }]],
    ['an unknown type', { type: 'write', name: 'a', file: blob }],
    ['no file', { type: 'detect', name: 'a' }],
    ['bytes instead of a Blob', { type: 'detect', name: 'a', file: new Uint8Array(1) }],
    ['a name that is no text', { type: 'detect', name: 7, file: blob }],
    ['a format that does not exist', { type: 'parse', name: 'a', file: blob, format: 'constructor' }],
    ['no format', { type: 'parse', name: 'a', file: blob }],
    ['a password that is no text', { type: 'parse', name: 'a', file: blob, format: 'keyloft', filePassword: 1234 }],
    ['a key file that is no bytes', { type: 'parse', name: 'a', file: blob, format: 'keepass-kdbx', keyFile: 'key' }],
  ])('refuses %s', (_, message) => {
    expect(isReadRequest(message)).toBe(false);
  });
});

describe('the read protocol: replies (checked by the page)', () => {
  it('takes what every format parses, progress, detection and each failure', async () => {
    for (const parsed of await parsedFixtures()) expect(isReadReply({ type: 'parsed', parsed })).toBe(true);
    expect(isReadReply({ type: 'progress', read: 0, total: 0 })).toBe(true);
    expect(isReadReply({ type: 'progress', read: 3, total: 10 })).toBe(true);
    expect(isReadReply({ type: 'detected', format: 'chrome-csv' })).toBe(true);
    expect(isReadReply({ type: 'detected', format: null })).toBe(true);
    expect(isReadReply({ type: 'failed', failure: { kind: 'file', message: 'The file is not UTF-8 text.' } })).toBe(true);
    expect(isReadReply({ type: 'failed', failure: { kind: 'password', wrong: true, lock: 'export', keyFileGiven: false } })).toBe(true);
    expect(isReadReply({ type: 'failed', failure: { kind: 'password', wrong: true, lock: 'keepass', keyFileGiven: true } })).toBe(true);
    expect(isReadReply({ type: 'failed', failure: { kind: 'unexpected', message: 'TypeError: x' } })).toBe(true);
  });

  it.each([
    ['nothing', null],
    ['an unknown type', { type: 'written' }],
    ['progress past the total', { type: 'progress', read: 11, total: 10 }],
    ['progress that is not a count', { type: 'progress', read: -1, total: 10 }],
    ['progress in fractions', { type: 'progress', read: 0.5, total: 10 }],
    ['a detected format that does not exist', { type: 'detected', format: 'toString' }],
    ['a failure of no known kind', { type: 'failed', failure: { kind: 'fatal', message: 'x' } }],
    ['a file failure without its message', { type: 'failed', failure: { kind: 'file' } }],
    ['a password failure without wrong', { type: 'failed', failure: { kind: 'password', lock: 'export', keyFileGiven: false } }],
    ['a password failure of no known lock', { type: 'failed', failure: { kind: 'password', wrong: false, lock: 'vault', keyFileGiven: false } }],
    ['a password failure without keyFileGiven', { type: 'failed', failure: { kind: 'password', wrong: false, lock: 'keepass' } }],
  ])('refuses %s', (_, message) => {
    expect(isReadReply(message)).toBe(false);
  });

  it('refuses a parsed file with any field of any item of the wrong type', async () => {
    const [parsed] = await parsedFixtures();
    if (parsed === undefined) throw new Error('no fixture parsed');
    const item = parsed.items[0];
    if (item === undefined) throw new Error('the fixture has no item');
    const withItem = (changed: unknown) => ({ type: 'parsed', parsed: { ...parsed, items: [...parsed.items, changed] } });
    const broken: unknown[] = [
      { ...item, password: 42 },
      { ...item, kind: 'spaceship' },
      { ...item, extras: [{ label: 'PIN' }] },
      { ...item, folder: 'Work' },
      { ...item, otp: null },
      { ...item, passwordHistory: [{ password: 'old', replacedAt: 'yesterday' }] },
      { ...item, notCarried: [{ kind: 'hologram' }] },
      { ...item, notCarried: [{ kind: 'attachment', name: 7 }] },
      'an item',
    ];
    for (const changed of broken) expect(isReadReply(withItem(changed))).toBe(false);
    expect(isReadReply(withItem({ ...item }))).toBe(true);
    expect(isReadReply({ type: 'parsed', parsed: { ...parsed, format: 'unknown' } })).toBe(false);
    expect(isReadReply({ type: 'parsed', parsed: { ...parsed, skipped: [{ at: 'row 2', title: 'x' }] } })).toBe(false);
    expect(isReadReply({ type: 'parsed', parsed: { ...parsed, folders: [{ path: ['Work'] }] } })).toBe(false);
    expect(isReadReply({ type: 'parsed', parsed: { ...parsed, items: undefined } })).toBe(false);
  });
});
