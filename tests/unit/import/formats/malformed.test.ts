import { describe, expect, it } from 'vitest';
import { CSV_FORMATS } from '../../../../src/features/import/formats/csvFormats';
import { ImportFileError } from '../../../../src/features/import/model';
import { fixture, sampleOf } from './csvFixtures';

const FIXTURES = ['bitwarden.csv', '1password.csv', 'lastpass.csv', 'chrome.csv', 'firefox.csv', 'safari.csv', 'keepassxc.csv', 'dashlane.csv'];

/** A small deterministic generator, so a failure names the same input every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The fixture's bytes with a few of them replaced, cut off, or both. */
function damaged(bytes: Uint8Array, next: () => number): Uint8Array {
  const copy = bytes.slice(0, Math.max(1, Math.floor(bytes.length * (0.3 + 0.7 * next()))));
  const alphabet = [0x22, 0x2c, 0x0a, 0x0d, 0x5c, 0x00, 0xff, 0x61];
  for (let i = 0; i < 4; i++) copy[Math.floor(next() * copy.length)] = alphabet[Math.floor(next() * alphabet.length)] ?? 0x22;
  return copy;
}

describe('CSV formats on damaged files', () => {
  it('either read the file or refuse it with an ImportFileError, never anything else', async () => {
    const next = random(20);
    for (const name of FIXTURES) {
      const original = fixture(name);
      for (let round = 0; round < 25; round++) {
        const file = { name, bytes: damaged(original.bytes, next) };
        for (const format of CSV_FORMATS) {
          expect(() => format.recognises(sampleOf(file))).not.toThrow();
          const outcome = await format.parse(file, {}).then(
            () => 'read',
            (error: unknown) => (error instanceof ImportFileError ? 'refused' : error),
          );
          expect(['read', 'refused']).toContain(outcome);
        }
      }
    }
  });
});
