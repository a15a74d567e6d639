// Where the master password's Argon2id runs (src/crypto/masterArgon2.ts): in a worker; on this
// thread only when a worker cannot start; and a failed 64 MiB allocation is a KdfMemoryError
// wherever it happened, never a retry elsewhere or with less memory. The workers here are fakes
// that run the worker's own body (argon2idHere) behind a structured clone, as a real one would.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CryptoError, KdfMemoryError, UnsupportedKdfError, installArgon2WorkerFactory, type Argon2WorkerFactory } from '../../../src/crypto';
import { isArgon2Request, type Argon2Job, type Argon2Reply } from '../../../src/crypto/argon2Protocol';
import { argon2idHere, argon2idMasterKeyBytes, isAllocationFailure } from '../../../src/crypto/masterArgon2';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const job = (): Argon2Job => ({
  password: new TextEncoder().encode('master password'),
  salt: new Uint8Array(32).fill(3),
  iterations: 3,
  memoryKiB: 64,
  parallelism: 4,
});

type Behaviour = 'answers' | 'fails to load' | 'runs out of memory';

class FakeWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: unknown = null;

  constructor(private readonly behaviour: Behaviour) {}

  postMessage(message: unknown, transfer: Transferable[]): void {
    // As postMessage does: the transferred password leaves the page.
    const request = structuredClone(message, { transfer });
    this.received = request;
    if (!isArgon2Request(request)) throw new Error('not a request');
    const reply = (data: Argon2Reply) => {
      this.onmessage?.({ data } as MessageEvent<unknown>);
    };
    if (this.behaviour === 'fails to load') {
      setTimeout(() => this.onerror?.({ message: 'script refused', preventDefault: () => undefined } as ErrorEvent), 0);
    } else if (this.behaviour === 'runs out of memory') {
      setTimeout(() => {
        reply({ id: request.id, failed: 'memory', message: 'WebAssembly.Memory.grow(): Out of memory' });
      }, 0);
    } else {
      void argon2idHere(request).then((key) => {
        reply({ id: request.id, key });
      });
    }
  }

  terminate(): void {
    this.terminated = true;
  }
}

let previous: Argon2WorkerFactory | undefined;
function install(factory: Argon2WorkerFactory): void {
  const replaced = installArgon2WorkerFactory(factory);
  previous ??= replaced;
}

afterEach(() => {
  if (previous !== undefined) installArgon2WorkerFactory(previous);
  previous = undefined;
  vi.restoreAllMocks();
});

describe('the master-password Argon2id worker', () => {
  it('derives in the worker, takes the password away from the page, and ends the worker', async () => {
    const expected = hex(await argon2idHere(job()));
    const worker = new FakeWorker('answers');
    install(() => worker as unknown as Worker);
    const sent = job();
    expect(hex(await argon2idMasterKeyBytes(sent))).toBe(expected);
    expect(sent.password.byteLength).toBe(0);
    expect(worker.terminated).toBe(true);
  });

  it('derives on this thread when the worker cannot be created, with the same result', async () => {
    const expected = hex(await argon2idHere(job()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    install(() => {
      throw new Error('CSP refused the worker');
    });
    expect(hex(await argon2idMasterKeyBytes(job()))).toBe(expected);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/did not start/), expect.anything());
  });

  it('derives on this thread when the worker’s script fails before answering', async () => {
    const expected = hex(await argon2idHere(job()));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const worker = new FakeWorker('fails to load');
    install(() => worker as unknown as Worker);
    expect(hex(await argon2idMasterKeyBytes(job()))).toBe(expected);
    expect(worker.terminated).toBe(true);
  });

  it('a failed allocation in the worker is a clear KdfMemoryError, not a derivation elsewhere', async () => {
    const worker = new FakeWorker('runs out of memory');
    install(() => worker as unknown as Worker);
    const error: unknown = await argon2idMasterKeyBytes({ ...job(), memoryKiB: 65_536 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(KdfMemoryError);
    expect(error).toBeInstanceOf(CryptoError);
    expect((error as KdfMemoryError).code).toBe('kdf-out-of-memory');
    expect((error as Error).message).toBe('This device could not set aside the 64 MiB of memory that unlocking needs. Close other tabs or apps and try again.');
    expect(worker.terminated).toBe(true);
  });

  it('tells allocation failures from other errors', () => {
    expect(isAllocationFailure(new RangeError('Invalid typed array length: 67109888'))).toBe(true);
    expect(isAllocationFailure(new WebAssembly.RuntimeError('unreachable'))).toBe(true);
    expect(isAllocationFailure(new Error('WebAssembly.Memory(): could not allocate memory'))).toBe(true);
    expect(isAllocationFailure(new TypeError('x is not a function'))).toBe(false);
  });

  it('refused parameters stay refused on this thread too', async () => {
    install(null);
    await expect(argon2idMasterKeyBytes({ ...job(), parallelism: 17 })).rejects.toThrow(UnsupportedKdfError);
  });
});
