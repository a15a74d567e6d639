// Damaged copies of every fixture, through every structured parser: each either parses or rejects
// with an ImportFileError, never anything else (a TypeError would reach the user as a crash).
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../../../src/features/import/detect';
import { STRUCTURED_FORMATS } from '../../../../src/features/import/formats/structuredFormats';
import { ImportFileError } from '../../../../src/features/import/model';
import { fileOf, fixtureBytes, fixtureText } from '../importFixtures';

/** A fixed-seed generator, so a failure names a reproducible case. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const SYNTAX = '{}[]<>"&:,0/';

function damaged(base: Uint8Array, next: () => number, mode: number): Uint8Array {
  if (mode === 0) return base.slice(0, Math.floor(next() * base.length));
  const bytes = base.slice();
  const flips = 1 + Math.floor(next() * 5);
  for (let k = 0; k < flips; k += 1) {
    const at = Math.floor(next() * bytes.length);
    bytes[at] = mode === 1 ? Math.floor(next() * 256) : SYNTAX.charCodeAt(Math.floor(next() * SYNTAX.length));
  }
  return bytes;
}

describe('damaged files', () => {
  it('are parsed or refused with an ImportFileError by every structured format', async () => {
    const seeds = [
      fixtureBytes('bitwarden-personal.json'),
      fixtureBytes('bitwarden-organization.json'),
      fixtureBytes('keepass.xml'),
      zipSync({ 'export.attributes': strToU8('{"version":3}'), 'export.data': strToU8(fixtureText('1password-export.data.json')) }),
    ];
    const next = random(20);
    const escaped: string[] = [];
    for (let n = 0; n < 400; n += 1) {
      const bytes = damaged(seeds[n % seeds.length] ?? new Uint8Array(), next, n % 3);
      const file = fileOf('damaged', bytes);
      for (const format of STRUCTURED_FORMATS) {
        try {
          format.recognises(sampleOf(file));
          await format.parse(file, {});
        } catch (error) {
          if (!(error instanceof ImportFileError)) escaped.push(`case ${String(n)}, ${format.id}: ${String(error)}`);
        }
      }
    }
    expect(escaped).toEqual([]);
  });
});
