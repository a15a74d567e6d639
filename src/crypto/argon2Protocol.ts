// Messages between the page and the master-password Argon2id worker (argon2Worker.ts). The
// password bytes travel transferred, so the page's copy is detached as soon as it is sent.

export interface Argon2Job {
  readonly password: Uint8Array<ArrayBuffer>;
  readonly salt: Uint8Array<ArrayBuffer>;
  readonly iterations: number;
  readonly memoryKiB: number;
  readonly parallelism: number;
}

export type Argon2Request = Argon2Job & { readonly id: number };

/** `memory`: the allocation failed (KdfMemoryError); `kdf`: refused parameters; `other`: anything else. */
export type Argon2Reply =
  | { readonly id: number; readonly key: Uint8Array<ArrayBuffer> }
  | { readonly id: number; readonly failed: 'memory' | 'kdf' | 'other'; readonly message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isArgon2Request(value: unknown): value is Argon2Request {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    value.password instanceof Uint8Array &&
    value.salt instanceof Uint8Array &&
    typeof value.iterations === 'number' &&
    typeof value.memoryKiB === 'number' &&
    typeof value.parallelism === 'number'
  );
}

export function isArgon2Reply(value: unknown): value is Argon2Reply {
  if (!isRecord(value) || typeof value.id !== 'number') return false;
  if ('key' in value) return value.key instanceof Uint8Array;
  return (value.failed === 'memory' || value.failed === 'kdf' || value.failed === 'other') && typeof value.message === 'string';
}
