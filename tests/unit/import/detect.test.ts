import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SAMPLE_BYTES, detectFormat, sampleOf } from '../../../src/features/import/detect';
import { MAX_IMPORT_BYTES, assertImportSize, decodeUtf8, parseJson } from '../../../src/features/import/fileGuards';
import { STRUCTURED_FORMATS } from '../../../src/features/import/formats/structuredFormats';
import { ImportFileError, type ImportFormat } from '../../../src/features/import/model';
import { fileOf, fixtureBytes, fixtureText } from './importFixtures';

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('the size limit', () => {
  it('is 20 MiB: a file of exactly that passes, one byte more is refused', () => {
    expect(MAX_IMPORT_BYTES).toBe(20 * 1024 * 1024);
    expect(() => {
      assertImportSize(fileOf('ok.csv', new Uint8Array(MAX_IMPORT_BYTES)));
    }).not.toThrow();
    const error = errorOf(() => {
      assertImportSize(fileOf('big.csv', new Uint8Array(MAX_IMPORT_BYTES + 1)));
    });
    expect(error).toBeInstanceOf(ImportFileError);
  });

  it('refuses a 50 MB file with the limit in the message', () => {
    const error = errorOf(() => {
      assertImportSize(fileOf('big.csv', new Uint8Array(50_000_000)));
    });
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe('The file is 47.7 MiB; Keyloft imports files of at most 20 MiB.');
  });
});

describe('text and JSON', () => {
  it('decodes UTF-8, dropping a byte-order mark', () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9]))).toBe('aé');
  });

  it('refuses bytes that are not UTF-8 (Latin-1, UTF-16)', () => {
    for (const bytes of [new Uint8Array([0x63, 0x61, 0x66, 0xe9]), new Uint8Array([0xff, 0xfe, 0x61, 0x00])]) {
      const error = errorOf(() => decodeUtf8(bytes));
      expect(error).toBeInstanceOf(ImportFileError);
      expect((error as Error).message).toBe('The file is not UTF-8 text.');
    }
  });

  it('parses JSON and refuses what is not, naming the file part', () => {
    expect(parseJson('{"a": [1]}')).toEqual({ a: [1] });
    const error = errorOf(() => parseJson('{"a": [1', 'export.data'));
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toMatch(/^export\.data is not valid JSON/);
  });
});

describe('detectFormat', () => {
  const pux = zipSync({
    'export.attributes': strToU8('{"version":3}'),
    'export.data': strToU8(fixtureText('1password-export.data.json')),
  });

  it('picks each structured format from its content, whatever the file is called', () => {
    const cases: [string, Uint8Array, string][] = [
      ['download.zip', pux, '1password-1pux'],
      ['passwords.xml', fixtureBytes('keepass.xml'), 'keepass-xml'],
      ['backup.txt', fixtureBytes('bitwarden-personal.json'), 'bitwarden-json'],
      ['org.json', fixtureBytes('bitwarden-organization.json'), 'bitwarden-json'],
    ];
    for (const [name, bytes, id] of cases) {
      expect(detectFormat(fileOf(name, bytes), STRUCTURED_FORMATS)?.id, name).toBe(id);
    }
  });

  it('returns null for a file no format recognises', () => {
    expect(detectFormat(fileOf('chrome.csv', 'name,url,username,password,note\n'), STRUCTURED_FORMATS)).toBeNull();
    expect(detectFormat(fileOf('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0])), STRUCTURED_FORMATS)).toBeNull();
  });

  it('takes the first format that recognises the file, in the order given', () => {
    const always = (id: ImportFormat['id']): ImportFormat => ({
      id,
      label: id,
      recognises: () => true,
      parse: () => Promise.reject(new Error('not called')),
    });
    const file = fileOf('x.json', fixtureBytes('bitwarden-personal.json'));
    expect(detectFormat(file, [always('keyloft'), ...STRUCTURED_FORMATS])?.id).toBe('keyloft');
    expect(detectFormat(file, [...STRUCTURED_FORMATS, always('chrome-csv')])?.id).toBe('bitwarden-json');
  });

  it('refuses a file over the limit before any format looks at it', () => {
    let looked = false;
    const spy: ImportFormat = {
      id: 'chrome-csv',
      label: 'spy',
      recognises: () => (looked = true),
      parse: () => Promise.reject(new Error('not called')),
    };
    const error = errorOf(() => detectFormat(fileOf('big.csv', new Uint8Array(MAX_IMPORT_BYTES + 1)), [spy]));
    expect(error).toBeInstanceOf(ImportFileError);
    expect(looked).toBe(false);
  });

  it('shows formats the first 64 KiB as text, byte-order mark dropped, and the whole file as bytes', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('x'.repeat(SAMPLE_BYTES + 10))]);
    const sample = sampleOf(fileOf('big.csv', bytes));
    expect(sample.name).toBe('big.csv');
    expect(sample.head.startsWith('x')).toBe(true);
    expect(sample.head.length).toBe(SAMPLE_BYTES - 3);
    expect(sample.bytes).toBe(bytes);
  });
});
