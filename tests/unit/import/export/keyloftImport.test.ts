import { createCipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PBKDF2_MIN_ITERATIONS } from '../../../../src/crypto';
import { exportKeyloftEncrypted, exportKeyloftJson } from '../../../../src/features/import/export/keyloftExport';
import { keyloftFormat } from '../../../../src/features/import/formats/keyloft';
import { ImportFileError, NeedsFilePasswordError } from '../../../../src/features/import/model';
import type { ImportFile, ParseOptions } from '../../../../src/features/import/model';
import { fixtureVault } from './fixtureVault';

const fixtureText = readFileSync(new URL('../../../fixtures/import/keyloft-plain-v1.json', import.meta.url), 'utf8');
const encoder = new TextEncoder();
const fileOf = (text: string, name = 'keyloft-export.json'): ImportFile => ({ name, bytes: encoder.encode(text) });
const parse = (text: string, options: ParseOptions = {}) => keyloftFormat.parse(fileOf(text), options);
const sample = (text: string) => ({ name: 'x.json', head: text.slice(0, 65_536), bytes: encoder.encode(text) });

/** An encrypted export built by node:crypto alone from docs/import.md, sealing `plaintext`. */
function nodeEncrypted(plaintext: string, password: string, header: Record<string, unknown> = {}): string {
  const salt = randomBytes(32).toString('base64');
  const iv = randomBytes(12);
  const iterations = PBKDF2_MIN_ITERATIONS;
  const key = pbkdf2Sync(Buffer.from(password, 'utf8'), Buffer.from(salt, 'base64'), iterations, 32, 'sha256');
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`keyloft-export/1/PBKDF2-SHA256/${iterations}/${salt}/AES-256-GCM`, 'ascii'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const file = {
    format: 'keyloft-export',
    version: 1,
    encrypted: true,
    kdf: { algorithm: 'PBKDF2-SHA256', iterations, salt },
    cipher: 'AES-256-GCM',
    iv: iv.toString('base64'),
    data: data.toString('base64'),
    ...header,
  };
  return JSON.stringify(file);
}

async function importError(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('keyloftFormat.recognises', () => {
  it('recognises the plain and the encrypted export', async () => {
    expect(keyloftFormat.id).toBe('keyloft');
    expect(keyloftFormat.recognises(sample(fixtureText))).toBe(true);
    const encrypted = await exportKeyloftEncrypted(fixtureVault, { password: 'pw', iterations: PBKDF2_MIN_ITERATIONS });
    expect(keyloftFormat.recognises(sample(encrypted))).toBe(true);
  });

  it.each([
    ['a Bitwarden export', '{"encrypted":false,"folders":[],"items":[]}'],
    ['a CSV', 'folder,title,url,username,password,notes\r\n'],
    ['another format value', '{"format":"keyloft-backup","version":1}'],
  ])('does not recognise %s', (_label, text) => {
    expect(keyloftFormat.recognises(sample(text))).toBe(false);
  });
});

describe('keyloftFormat.parse, plain', () => {
  it('reads every entry of the fixture, groups as folders, nulls as empty text, in file order', async () => {
    const parsed = await parse(fixtureText);
    expect(parsed.format).toBe('keyloft');
    expect(parsed.items).toEqual([
      {
        at: 'item 1',
        kind: 'login',
        title: 'Intranet',
        url: 'https://intranet.example.com',
        username: 'ana',
        password: 'p,a"ss\nword',
        notes: 'VPN first.\nThen "login", then 2FA.',
        extras: [],
        folder: ['Work'],
      },
      { at: 'item 2', kind: 'login', title: 'Banco – Zoë', url: '', username: 'zoë', password: '密码🔑', notes: '', extras: [], folder: ['Família 🏠'] },
      { at: 'item 3', kind: 'login', title: 'Wi-Fi', url: '', username: '', password: '', notes: '', extras: [], folder: [] },
      // url, notes and group absent: read as none. A formula-looking value is text like any other.
      { at: 'item 4', kind: 'login', title: '=HYPERLINK("http://evil.example","x")', url: '', username: 'u', password: '=1+1', notes: '', extras: [], folder: [] },
    ]);
  });

  it('lists each entry it cannot read with its title and reason', async () => {
    expect((await parse(fixtureText)).skipped).toEqual([
      { at: 'item 5', title: 'Broken', reason: 'Its password is missing or not text.' },
      { at: 'item 6', title: '', reason: 'It is not an entry of the Keyloft export layout.' },
      { at: 'item 7', title: 'Numeric password', reason: 'Its password is missing or not text.' },
      { at: 'item 8', title: 'Group as list', reason: 'Its group is not text.' },
    ]);
  });

  it('reads a file with a byte order mark', async () => {
    expect((await parse(`\uFEFF${fixtureText}`)).items).toHaveLength(4);
  });

  it('never asks for a password for a plain file', async () => {
    await expect(parse(exportKeyloftJson(fixtureVault))).resolves.toMatchObject({ format: 'keyloft' });
  });

  it.each([
    ['a version it does not know', '{"format":"keyloft-export","version":3,"encrypted":false,"entries":[]}', 'This Keyloft export is version 3; this version of Keyloft reads versions 1 and 2 only. Update Keyloft and try again.'],
    ['no version', '{"format":"keyloft-export","encrypted":false,"entries":[]}', 'This Keyloft export does not say which version of the format it is, so it cannot be read.'],
    ['no entry list', '{"format":"keyloft-export","version":1,"encrypted":false,"entries":{}}', 'This Keyloft export has no list of entries, so it cannot be imported.'],
    ['neither encrypted nor plain', '{"format":"keyloft-export","version":1,"entries":[]}', 'This Keyloft export says neither that it is encrypted nor that it is plain, so it cannot be read.'],
    ['another JSON', '{"encrypted":false,"items":[]}', 'This file is not a Keyloft export: it does not say "format": "keyloft-export".'],
    ['a JSON array', '[]', 'This file is not a Keyloft export: it does not say "format": "keyloft-export".'],
    ['a truncated file', fixtureText.slice(0, 200), 'This file is not valid JSON, so it is not a Keyloft export (it may be cut short).'],
    ['a CSV', 'folder,title\r\n', 'This file is not valid JSON, so it is not a Keyloft export (it may be cut short).'],
  ])('refuses %s with an ImportFileError saying so', async (_label, text, message) => {
    const error = await importError(parse(text));
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toBe(message);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const error = await importError(keyloftFormat.parse({ name: 'x.json', bytes: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }, {}));
    expect(error).toEqual(new ImportFileError('This file is not UTF-8 text, so it is not a Keyloft export.'));
  });
});

describe('keyloftFormat.parse, encrypted', () => {
  it('asks for the file password when none is given, and again when it is empty', async () => {
    const text = nodeEncrypted(fixtureText, 'right one');
    for (const options of [{}, { filePassword: '' }]) {
      const error = await importError(parse(text, options));
      expect(error).toBeInstanceOf(NeedsFilePasswordError);
      expect(error).toMatchObject({ wrong: false });
    }
  });

  it('says the password is wrong when it does not open the file', async () => {
    const error = await importError(parse(nodeEncrypted(fixtureText, 'right one'), { filePassword: 'wrong one' }));
    expect(error).toBeInstanceOf(NeedsFilePasswordError);
    expect(error).toMatchObject({ wrong: true, message: 'That password does not open this file.' });
  });

  it('reads a file node:crypto sealed from the documented layout, like the plain one', async () => {
    const parsed = await parse(nodeEncrypted(fixtureText, 'right one'), { filePassword: 'right one' });
    expect(parsed).toEqual(await parse(fixtureText));
  });

  it('reports a file altered after sealing as a wrong password (GCM cannot tell them apart)', async () => {
    const file = JSON.parse(nodeEncrypted(fixtureText, 'right one')) as { kdf: { iterations: number } };
    file.kdf.iterations += 1;
    const error = await importError(parse(JSON.stringify(file), { filePassword: 'right one' }));
    expect(error).toEqual(new NeedsFilePasswordError(true));
  });

  it.each([
    ['10^9 iterations', { kdf: { algorithm: 'PBKDF2-SHA256', iterations: 1e9, salt: Buffer.alloc(32, 1).toString('base64') } }, /^This Keyloft export asks for key derivation settings Keyloft refuses, so it was altered or is not Keyloft's: Unsupported iteration count: 1000000000/],
    ['another cipher', { cipher: 'ChaCha20-Poly1305' }, /^This Keyloft export is damaged and cannot be opened: Unsupported export file cipher: ChaCha20-Poly1305\.$/],
    ['a short IV', { iv: 'AAAA' }, /^This Keyloft export is damaged and cannot be opened: The export file's IV must be 12 bytes\.$/],
    ['data that is not base64', { data: '%%%' }, /^This Keyloft export is damaged and cannot be opened: The export file's data is not valid base64\.$/],
  ])('refuses a file with %s before asking for its password, and without deriving a key', async (_label, header, message) => {
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    for (const options of [{}, { filePassword: 'right one' }]) {
      const error = await importError(parse(nodeEncrypted(fixtureText, 'right one', header), options));
      expect(error).toBeInstanceOf(ImportFileError);
      expect(error.message).toMatch(message);
    }
    expect(importKey).not.toHaveBeenCalled();
  });

  it('refuses an encrypted file of a version it does not know before asking for a password', async () => {
    const error = await importError(parse(nodeEncrypted(fixtureText, 'pw', { version: 2 })));
    expect(error).toEqual(new ImportFileError('This Keyloft export is version 2; this version of Keyloft reads version 1 only. Update Keyloft and try again.'));
  });

  it.each([
    ['not JSON', 'just text', 'This file is not valid JSON, so it is not a Keyloft export (it may be cut short).'],
    ['another JSON', '{"items":[]}', 'This encrypted file opened, but what it holds is not a Keyloft export.'],
    ['another version', '{"format":"keyloft-export","version":3,"encrypted":false,"entries":[]}', 'This Keyloft export is version 3; this version of Keyloft reads versions 1 and 2 only. Update Keyloft and try again.'],
    ['an encrypted document again', '{"format":"keyloft-export","version":1,"encrypted":true,"entries":[]}', 'This encrypted file opened, but what it holds is not a plain Keyloft export.'],
  ])('refuses a file that opens but seals %s', async (_label, plaintext, message) => {
    const error = await importError(parse(nodeEncrypted(plaintext, 'pw'), { filePassword: 'pw' }));
    expect(error).toEqual(new ImportFileError(message));
  });
});
