// Argon2 for other managers' files (issue #44): known answers produced independently by the
// reference implementation's command line (Debian's argon2 0~20171227, version 0x13):
//   echo -n password | argon2 somesaltsomesalt -id -t 2 -k 1024 -p 2 -l 32 -r
//   echo -n password | argon2 somesaltsomesalt -d -t 3 -k 256 -p 1 -l 32 -r
// and the limits a file's settings are checked against before anything runs.
import { describe, expect, it } from 'vitest';
import { ARGON2_LIMITS, UnsupportedKdfError, argon2 } from '../../../src/crypto';
import type { Argon2Params } from '../../../src/crypto';

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const BASE: Argon2Params = {
  variant: 'argon2id',
  password: utf8('password'),
  salt: utf8('somesaltsomesalt'),
  iterations: 2,
  memoryKiB: 1024,
  parallelism: 2,
  hashLength: 32,
};

describe('argon2', () => {
  it('Argon2id matches the reference implementation', async () => {
    expect(hex(await argon2(BASE))).toBe('136523b6b0d30a0231e267e9a90f46c0bcef69bb90b9509cc22b2a0516d223ee');
  });

  it('Argon2d matches the reference implementation', async () => {
    const hash = await argon2({ ...BASE, variant: 'argon2d', iterations: 3, memoryKiB: 256, parallelism: 1 });
    expect(hex(hash)).toBe('ea87a2c49c2cc53c917e214910c9fff58154f218f585fc2f54e9933f57b8346c');
  });

  it('refuses settings a file could use to hang the page or weaken the key, naming them', async () => {
    const refused: [Partial<Argon2Params>, RegExp][] = [
      [{ memoryKiB: ARGON2_LIMITS.maxMemoryKiB + 1 }, /memory must be 16 KiB to 1 GiB; this asks for 1048577 KiB/],
      [{ memoryKiB: 8 }, /memory must be 16 KiB/],
      [{ iterations: 101 }, /iterations must be 1 to 100; this asks for 101/],
      [{ iterations: 0 }, /iterations must be 1 to 100/],
      [{ parallelism: 17 }, /parallelism must be 1 to 16/],
      [{ hashLength: 65 }, /output must be 4 to 64 bytes/],
      [{ salt: utf8('short') }, /salt must be at least 8 bytes; this one has 5/],
      [{ iterations: 2.5 }, /iterations must be 1 to 100/],
    ];
    for (const [change, message] of refused) {
      const error: unknown = await argon2({ ...BASE, ...change }).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error, JSON.stringify(change)).toBeInstanceOf(UnsupportedKdfError);
      expect((error as Error).message).toMatch(message);
    }
  });
});
