// A device that cannot give Argon2id its 64 MiB (issue #46): hash-wasm's WebAssembly memory fails
// to grow. The unlock gets a KdfMemoryError saying so, and no key: never PBKDF2, never less memory.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KdfMemoryError, deriveMasterKey, newKdfParams } from '../../../src/crypto';

const calls = vi.hoisted(() => ({ argon2id: [] as { memorySize: number }[] }));

vi.mock('hash-wasm', () => ({
  argon2id: (options: { memorySize: number }) => {
    calls.argon2id.push(options);
    return Promise.reject(new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded'));
  },
  argon2d: () => Promise.reject(new Error('not used')),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a failed Argon2id allocation', () => {
  it('is a KdfMemoryError, after one attempt at the stored memory, with no other derivation', async () => {
    const deriveKey = vi.spyOn(crypto.subtle, 'deriveKey');
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const error: unknown = await deriveMasterKey('master password', newKdfParams()).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(KdfMemoryError);
    expect((error as Error).message).toMatch(/could not set aside the 64 MiB of memory that unlocking needs/);
    expect((error as Error).cause).toBeInstanceOf(RangeError);
    expect(calls.argon2id.map((options) => options.memorySize)).toEqual([65_536]);
    expect(deriveKey).not.toHaveBeenCalled();
    expect(importKey).not.toHaveBeenCalled();
  });
});
