// Files Keyloft cannot read as they are (issue #44, item 3): detection names each in plain words
// with the way to export one Keyloft reads, before any format looks at it. KeePass 2 databases and
// password-protected Bitwarden exports open with their password instead (./unlock/).
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../src/features/import/detect';
import { IMPORT_FORMATS } from '../../../src/features/import/formats';
import { LOCKED_FILE_MESSAGES, lockedFileReason } from '../../../src/features/import/formats/lockedFiles';
import { ImportFileError, type ImportFile } from '../../../src/features/import/model';
import { fileOf, fixtureBytes } from './importFixtures';

// The first 12 bytes of a KDBX 4 file: signature 1 (0x9AA2D903), signature 2 (0xB54BFB67), then
// the version (4.0), little-endian, followed by random-looking header bytes.
const KDBX = new Uint8Array([0x03, 0xd9, 0xa2, 0x9a, 0x67, 0xfb, 0x4b, 0xb5, 0x00, 0x00, 0x04, 0x00, 0x02, 0x10, 0x00, 0x00, 0x00, 0x31, 0xc1, 0xf2, 0xe6, 0xbf]);
// KeePass 1: the same first word, then 0xB54BFB65.
const KDB = new Uint8Array([0x03, 0xd9, 0xa2, 0x9a, 0x65, 0xfb, 0x4b, 0xb5, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0x00]);

const ONE_PIF = `{"uuid":"A1B2C3D4E5F6","updatedAt":1400000000,"title":"Example","location":"https://example.com","typeName":"webforms.WebForm","secureContents":{"fields":[{"designation":"username","value":"ada","name":"u","type":"T"}]}}
***5642bee8-a5ff-11dc-8314-0800200c9a66***
`;

const OPVAULT_PROFILE =
  'var profile={"lastUpdatedBy":"Dropbox","salt":"P0pOMMN6Ow5wIKOOSsaSQg==","passwordHint":"","masterKey":"b3BkYXRhMDEAAQAAAAAAACN8mcVE","iterations":50000,"uuid":"2F1C5A26A0B549F9B6A8B7E10A2F3C4D","overviewKey":"b3BkYXRhMDFAAAAAAAAA","createdAt":1373753414};';

function refusal(file: ImportFile): string {
  try {
    detectFormat(file, IMPORT_FORMATS);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as Error).message;
  }
  throw new Error(`${file.name} was not refused`);
}

describe('files Keyloft cannot read, named when picked', () => {
  it('not a KeePass 2 database (.kdbx): its own format takes it by its signature, whatever its name, to ask for its password', () => {
    for (const name of ['Passwords.kdbx', 'backup.bin', 'Passwords.xml']) {
      expect(lockedFileReason({ name, head: '', bytes: KDBX }), name).toBeNull();
      expect(detectFormat(fileOf(name, KDBX), IMPORT_FORMATS)?.id, name).toBe('keepass-kdbx');
    }
  });

  it('a KeePass 1 database (.kdb)', () => {
    expect(refusal(fileOf('old.kdb', KDB))).toBe(LOCKED_FILE_MESSAGES.kdb);
  });

  it('an account-restricted Bitwarden export; not a password-protected one, which Bitwarden JSON opens with its password', () => {
    expect(refusal(fileOf('bitwarden_encrypted_export.json', fixtureBytes('bitwarden-encrypted.json')))).toBe(LOCKED_FILE_MESSAGES.bitwardenAccount);
    expect(detectFormat(fileOf('bitwarden_encrypted_export.json', fixtureBytes('bitwarden-password-protected.json')), IMPORT_FORMATS)?.id).toBe('bitwarden-json');
  });

  it('a 1Password Interchange File, by its name or its item separator', () => {
    expect(refusal(fileOf('data.1pif', '{}'))).toBe(LOCKED_FILE_MESSAGES.onePif);
    expect(refusal(fileOf('export.txt', ONE_PIF))).toBe(LOCKED_FILE_MESSAGES.onePif);
  });

  it('a file of an encrypted 1Password vault (OPVault)', () => {
    expect(refusal(fileOf('profile.js', OPVAULT_PROFILE))).toBe(LOCKED_FILE_MESSAGES.opvault);
    expect(refusal(fileOf('band_A.js', 'ld({"0A1B":{"uuid":"0A1B","category":"001","o":"b3Bk","k":"xyz"}});'))).toBe(LOCKED_FILE_MESSAGES.opvault);
  });

  it('leaves every other file to the formats: Keyloft’s own encrypted export, unencrypted Bitwarden, a zip', () => {
    const keyloftSealed = '{\n  "format": "keyloft-export",\n  "version": 1,\n  "encrypted": true,\n  "kdf": {}\n}\n';
    expect(lockedFileReason({ name: 'k.json', head: keyloftSealed, bytes: new TextEncoder().encode(keyloftSealed) })).toBeNull();
    expect(detectFormat(fileOf('k.json', keyloftSealed), IMPORT_FORMATS)?.id).toBe('keyloft');
    expect(detectFormat(fileOf('b.json', fixtureBytes('bitwarden-personal.json')), IMPORT_FORMATS)?.id).toBe('bitwarden-json');
    expect(detectFormat(fileOf('band_A.js', 'console.log(1)'), IMPORT_FORMATS)).toBeNull();
    // Only the first word of KeePass's signature: not a KeePass file.
    expect(detectFormat(fileOf('x.bin', new Uint8Array([0x03, 0xd9, 0xa2, 0x9a, 0, 0, 0, 0])), IMPORT_FORMATS)).toBeNull();
  });
});
