// Argon2 (RFC 9106) for the files Keyloft opens that use it: KeePass databases (KDBX 4, Argon2d or
// Argon2id) and Bitwarden exports protected with Argon2id (issue #44). WebCrypto has no Argon2, so
// this is hash-wasm's WebAssembly build, loaded on first use so no page pays for it before then.
// It takes any password bytes and salt, so a later Argon2id master-password KDF can use it too.
import { UnsupportedKdfError } from './errors';

export type Argon2Variant = 'argon2d' | 'argon2id';

export interface Argon2Params {
  readonly variant: Argon2Variant;
  readonly password: Uint8Array;
  readonly salt: Uint8Array;
  readonly iterations: number;
  /** In KiB, as RFC 9106 counts it. */
  readonly memoryKiB: number;
  readonly parallelism: number;
  readonly hashLength: number;
}

/**
 * The settings come from a file someone else wrote. Past these, a file is not asking for a
 * stronger key but for a page that hangs or runs out of memory: refused, with the numbers.
 * (KeePassXC's default is 64 MiB, Bitwarden allows up to 1 GiB.)
 */
export const ARGON2_LIMITS = {
  maxMemoryKiB: 1024 * 1024,
  maxIterations: 100,
  maxParallelism: 16,
  minSaltBytes: 8,
} as const;

function check(params: Argon2Params): void {
  const { iterations, memoryKiB, parallelism, hashLength, salt } = params;
  const whole = (value: number) => Number.isSafeInteger(value) && value >= 1;
  if (!whole(iterations) || iterations > ARGON2_LIMITS.maxIterations) {
    throw new UnsupportedKdfError(`Argon2 iterations must be 1 to ${String(ARGON2_LIMITS.maxIterations)}; this asks for ${String(iterations)}.`);
  }
  if (!whole(parallelism) || parallelism > ARGON2_LIMITS.maxParallelism) {
    throw new UnsupportedKdfError(`Argon2 parallelism must be 1 to ${String(ARGON2_LIMITS.maxParallelism)}; this asks for ${String(parallelism)}.`);
  }
  // RFC 9106: at least 8 KiB per lane.
  if (!whole(memoryKiB) || memoryKiB < 8 * parallelism || memoryKiB > ARGON2_LIMITS.maxMemoryKiB) {
    throw new UnsupportedKdfError(`Argon2 memory must be ${String(8 * parallelism)} KiB to 1 GiB; this asks for ${String(memoryKiB)} KiB.`);
  }
  if (!whole(hashLength) || hashLength < 4 || hashLength > 64) {
    throw new UnsupportedKdfError(`Argon2 output must be 4 to 64 bytes; this asks for ${String(hashLength)}.`);
  }
  if (salt.length < ARGON2_LIMITS.minSaltBytes) {
    throw new UnsupportedKdfError(`An Argon2 salt must be at least ${String(ARGON2_LIMITS.minSaltBytes)} bytes; this one has ${String(salt.length)}.`);
  }
}

/** Argon2 version 0x13 (the only one RFC 9106 defines, and what KeePass and Bitwarden write). */
export async function argon2(params: Argon2Params): Promise<Uint8Array> {
  check(params);
  const wasm = await import('hash-wasm');
  const run = params.variant === 'argon2id' ? wasm.argon2id : wasm.argon2d;
  return run({
    password: params.password,
    salt: params.salt,
    iterations: params.iterations,
    memorySize: params.memoryKiB,
    parallelism: params.parallelism,
    hashLength: params.hashLength,
    outputType: 'binary',
  });
}
