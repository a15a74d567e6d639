// A KeePass 2 database (.kdbx) opened with its master password and key file (issue #44): KDBX 4
// with Argon2id and Argon2d, KDBX 3.1 with AES-KDF, each made by the test through kdbxweb. Every
// entry comes in exactly as KeePass's own XML export brings it.
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../../src/features/import/detect';
import { IMPORT_FORMATS } from '../../../../src/features/import/formats';
import { keepassKdbxFormat } from '../../../../src/features/import/formats/keepassKdbx';
import { NeedsFilePasswordError, type ParseOptions, type ParsedImport } from '../../../../src/features/import/model';
import { unlockKdbx } from '../../../../src/features/import/unlock/kdbx';
import { expectFileError, fileOf } from '../importFixtures';
import { MASTER_PASSWORD, PASSWORD_CHANGED, TOTP, kdbxweb, makeKdbx, makeKeyFile, saveKdbx, type KdbxKind } from './kdbxFixtures';

const parse = (bytes: Uint8Array, options: ParseOptions) => keepassKdbxFormat.parse(fileOf('Passwords.kdbx', bytes), options);

async function rejection(result: Promise<unknown>): Promise<unknown> {
  return result.then(
    () => {
      throw new Error('it opened');
    },
    (reason: unknown) => reason,
  );
}

function expectEveryValue(parsed: ParsedImport): void {
  expect(parsed.format).toBe('keepass-kdbx');
  expect(parsed.items).toEqual([
    {
      at: 'item 1',
      kind: 'login',
      title: 'Mail',
      url: 'https://mail.example',
      username: 'ana@mail.example',
      password: 'mail-pw',
      notes: '',
      extras: [],
      folder: [],
    },
    {
      at: 'item 3',
      kind: 'login',
      title: 'Bank',
      url: 'https://bank.example/login',
      username: 'ana',
      password: ' n3w pass ',
      notes: 'First line\nsecond line café 🔑',
      extras: [
        { label: 'One-time password (TOTP)', value: TOTP },
        { label: 'PIN', value: '0042' },
      ],
      folder: ['Work', 'Clients'],
      passwordHistory: [{ password: 'old pass, "quoted"', replacedAt: PASSWORD_CHANGED.getTime() }],
    },
  ]);
  // The Recycle Bin's entry is listed, not imported; the bin is the root's child created last.
  expect(parsed.skipped).toEqual([{ at: 'item 2', title: 'Old forum', reason: "It is in KeePass's Recycle Bin." }]);
}

describe.each<KdbxKind>(['kdbx4-argon2id', 'kdbx4-argon2d', 'kdbx3-aes'])('a %s database', (kind) => {
  it('opens with its master password, every value as KeePass’s XML export gives it', async () => {
    const bytes = await makeKdbx(kind);
    expectEveryValue(await parse(bytes, { filePassword: MASTER_PASSWORD }));
  });

  it('a wrong password is said so, and nothing is read', async () => {
    const bytes = await makeKdbx(kind);
    const error = await rejection(parse(bytes, { filePassword: 'correct horse battery stapler' }));
    expect(error).toBeInstanceOf(NeedsFilePasswordError);
    expect((error as NeedsFilePasswordError).wrong).toBe(true);
    expect((error as Error).message).toBe('That password does not open this database. If it also has a key file, choose it too.');
  });
});

describe('KeePass database: what it asks for', () => {
  it('is detected by its signature whatever its name, before the other formats', async () => {
    const bytes = await makeKdbx('kdbx4-argon2id');
    for (const name of ['Passwords.kdbx', 'backup.bin', 'Passwords.xml']) {
      expect(detectFormat(fileOf(name, bytes), IMPORT_FORMATS)?.id, name).toBe('keepass-kdbx');
    }
  });

  it('asks for the master password (and a key file if it has one) before anything is tried', async () => {
    const bytes = await makeKdbx('kdbx4-argon2id');
    for (const options of [{}, { filePassword: '' }]) {
      const error = await rejection(parse(bytes, options));
      expect(error).toBeInstanceOf(NeedsFilePasswordError);
      expect(error).toMatchObject({ wrong: false, lock: 'keepass' });
      expect((error as Error).message).toBe('This KeePass database is encrypted. Enter its master password, and choose its key file too if it has one.');
    }
  });

  it('opens with a password and a key file; without the key file, or with another, it is refused', async () => {
    const keyFile = await makeKeyFile();
    const bytes = await makeKdbx('kdbx4-argon2id', { keyFile });
    expectEveryValue(await parse(bytes, { filePassword: MASTER_PASSWORD, keyFile }));

    const without = await rejection(parse(bytes, { filePassword: MASTER_PASSWORD }));
    expect(without).toMatchObject({ wrong: true, message: 'That password does not open this database. If it also has a key file, choose it too.' });
    const other = await rejection(parse(bytes, { filePassword: MASTER_PASSWORD, keyFile: await makeKeyFile() }));
    expect(other).toMatchObject({ wrong: true, message: 'That password and key file do not open this database.' });
  });

  it('opens a database locked by a key file alone, with the password left empty', async () => {
    const keyFile = await makeKeyFile();
    const bytes = await makeKdbx('kdbx3-aes', { password: null, keyFile });
    expectEveryValue(await parse(bytes, { filePassword: '', keyFile }));
  });

  it('the unlocking alone gives KeePass XML with the values in clear, for the XML parser', async () => {
    const xml = await unlockKdbx(await makeKdbx('kdbx4-argon2id'), MASTER_PASSWORD);
    expect(xml).toContain('<KeePassFile>');
    expect(xml).toContain(' n3w pass ');
    expect(xml).not.toContain('Protected="True"');
  });

  it('refuses a damaged or cut-short database, and a file that is not one, in words', async () => {
    const bytes = await makeKdbx('kdbx4-argon2id');
    // Cut inside the header, and inside the encrypted content.
    await expectFileError(parse(bytes.slice(0, 200), { filePassword: MASTER_PASSWORD }), /^This KeePass database is damaged or cut short/);
    await expectFileError(parse(bytes.slice(0, bytes.length - 40), { filePassword: MASTER_PASSWORD }), /^This KeePass database is damaged or cut short/);
    await expectFileError(parse(new TextEncoder().encode('<KeePassFile/>'), { filePassword: 'x' }), /^This file is not a KeePass 2 database \(\.kdbx\)/);
  });

  it('refuses Argon2 settings past the limits (a hang, not a stronger key), naming them', async () => {
    const db = kdbxweb.Kdbx.create(new kdbxweb.Credentials(kdbxweb.ProtectedValue.fromString('pw')), 'Huge');
    db.setKdf(kdbxweb.Consts.KdfId.Argon2id);
    const params = db.header.kdfParameters;
    if (params === undefined) throw new Error('no KDF parameters');
    params.set('M', kdbxweb.VarDictionary.ValueType.UInt64, new kdbxweb.Int64(0, 2)); // 8 GiB
    const bytes = await saveKdbx(db);
    await expectFileError(parse(bytes, { filePassword: 'pw' }), /key derivation settings Keyloft refuses: Argon2 memory/);
  });
});
