// A password-protected Bitwarden export (issue #44), built by the test from Bitwarden's documented
// format (./bitwardenFixtures.ts), opened with its password and read as the plain export it seals.
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../../src/features/import/detect';
import { IMPORT_FORMATS } from '../../../../src/features/import/formats';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import { NeedsFilePasswordError, type ParseOptions } from '../../../../src/features/import/model';
import { unlockBitwardenExport } from '../../../../src/features/import/unlock/bitwardenProtected';
import { expectFileError, fileOf } from '../importFixtures';
import { ARGON2ID, PASSWORD, PBKDF2, PLAIN, protectedExport } from './bitwardenFixtures';

const asFile = (document: unknown) => fileOf('bitwarden_encrypted_export_20261207.json', JSON.stringify(document, null, 2));
const parse = (document: unknown, options: ParseOptions) => bitwardenJsonFormat.parse(asFile(document), options);

async function rejection(result: Promise<unknown>): Promise<unknown> {
  return result.then(
    () => {
      throw new Error('it opened');
    },
    (reason: unknown) => reason,
  );
}

describe.each([
  ['PBKDF2-SHA256', PBKDF2],
  ['Argon2id', ARGON2ID],
] as const)('a password-protected Bitwarden export (%s)', (_name, kdf) => {
  it('opens with its password, every value as the plain export brings it', async () => {
    const parsed = await parse(await protectedExport(kdf), { filePassword: PASSWORD });
    expect(parsed.format).toBe('bitwarden-json');
    expect(parsed.skipped).toEqual([]);
    expect(parsed.items).toEqual([
      {
        at: 'item 1',
        kind: 'login',
        title: 'GitHub',
        url: 'https://github.com/login',
        urls: [
          { url: 'https://github.com/login', match: 'origin' },
          { url: 'https://gist.github.com', match: 'origin' },
        ],
        username: 'ada',
        password: ' s3cret, "quoted" ',
        notes: 'Work account\nsecond line',
        extras: [
          { label: 'One-time password (TOTP)', value: 'otpauth://totp/GitHub:ada?secret=JBSWY3DPEHPK3PXP&issuer=GitHub' },
          { label: 'Recovery', value: 'aaaa-bbbb', type: 'hidden' },
        ],
        folder: [],
        passwordHistory: [{ password: 'older-pw', replacedAt: Date.parse('2025-01-02T03:04:05.000Z') }],
      },
      { at: 'item 2', kind: 'note', title: 'Wi-Fi', url: '', username: '', password: '', notes: 'guest / hunter2', extras: [], folder: [] },
      {
        at: 'item 3',
        kind: 'card',
        title: 'Visa',
        url: '',
        username: '',
        password: '',
        notes: '',
        extras: [
          { label: 'Cardholder name', value: 'Ada Lovelace', field: 'cardholder' },
          { label: 'Card brand', value: 'Visa', field: 'brand' },
          { label: 'Card number', value: '4111111111111111', field: 'number' },
          { label: 'Expiry month', value: '7', field: 'expiryMonth' },
          { label: 'Expiry year', value: '2031', field: 'expiryYear' },
          { label: 'Security code', value: '123', field: 'code' },
        ],
        folder: ['Finance', 'Cards'],
      },
    ]);
    // The same as the plain export's own reading.
    expect(parsed).toEqual(await bitwardenJsonFormat.parse(fileOf('plain.json', JSON.stringify(PLAIN)), {}));
  });

  it('a wrong password is said so, as for a Keyloft export, and nothing is read', async () => {
    const error = await rejection(parse(await protectedExport(kdf), { filePassword: 'file password, not the master one' }));
    expect(error).toBeInstanceOf(NeedsFilePasswordError);
    expect(error).toMatchObject({ wrong: true, lock: 'export', message: 'That password does not open this file.' });
  });
});

describe('a password-protected Bitwarden export: what it asks for and refuses', () => {
  it('is detected as Bitwarden JSON (no longer refused when picked), and asks for its password', async () => {
    const document = await protectedExport(PBKDF2);
    expect(detectFormat(asFile(document), IMPORT_FORMATS)?.id).toBe('bitwarden-json');
    for (const options of [{}, { filePassword: '' }]) {
      const error = await rejection(parse(document, options));
      expect(error).toBeInstanceOf(NeedsFilePasswordError);
      expect(error).toMatchObject({ wrong: false, lock: 'export', message: 'This file is encrypted. Enter the password it was exported with.' });
    }
  });

  it('the unlocking alone gives the plain export’s JSON text', async () => {
    const text = await unlockBitwardenExport(asFile(await protectedExport(PBKDF2)).bytes, PASSWORD);
    expect(JSON.parse(text)).toEqual(PLAIN);
  });

  it('data altered after export is refused as damaged, even with the right password', async () => {
    const document = await protectedExport(PBKDF2);
    const [head, data, mac] = String(document.data).split('|');
    const bytes = Buffer.from(String(data), 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const altered = { ...document, data: `${String(head)}|${bytes.toString('base64')}|${String(mac)}` };
    await expectFileError(parse(altered, { filePassword: PASSWORD }), /^This Bitwarden export is damaged and cannot be opened: The vault data was changed/);
  });

  it('refuses key settings below Bitwarden’s own floors, or of an unknown kind, naming them', async () => {
    await expectFileError(parse(await protectedExport({ kdfType: 0, kdfIterations: 4999 }), { filePassword: PASSWORD }), /settings Keyloft refuses: PBKDF2 iterations must be 5000/);
    await expectFileError(
      parse(await protectedExport({ kdfType: 1, kdfIterations: 1, kdfMemory: 16, kdfParallelism: 1 }, PLAIN), { filePassword: PASSWORD }),
      /settings Keyloft refuses: Argon2id settings must be at least 2 iterations/,
    );
    const document = await protectedExport(PBKDF2);
    await expectFileError(parse({ ...document, kdfType: 7 }, { filePassword: PASSWORD }), /type 7 is not one Keyloft knows/);
  });

  it('refuses a file that says it is protected but lacks what Bitwarden writes, or holds no export', async () => {
    await expectFileError(parse({ encrypted: true, passwordProtected: true, salt: 'x' }, { filePassword: PASSWORD }), /not a password-protected Bitwarden export/);
    await expectFileError(
      parse({ encrypted: true, passwordProtected: true, salt: 's', kdfType: 0, kdfIterations: 600000, encKeyValidation_DO_NOT_EDIT: '2.AA==|AA==|AA==', data: '2.x' }, { filePassword: PASSWORD }),
      /damaged and cannot be opened/,
    );
    const notAnExport = await protectedExport(PBKDF2, { hello: 'world' });
    await expectFileError(parse(notAnExport, { filePassword: PASSWORD }), /opened, but what it holds is not a Bitwarden JSON export/);
  });
});
