// Reads the device copy can stand in for (src/data/firestore/deviceFallback.ts): the server's
// answer is kept in the copy; with the copy, an unreachable server is answered from it at once,
// with no retries first (an offline unlock waited seconds per read for them); without it, the read
// is tried again as any server read is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryDeviceCopy } from '../../../src/data/deviceCopy/store';
import type { Documents } from '../../../src/data/firestore/cursorPages';
import { serverOrDevice } from '../../../src/data/firestore/deviceFallback';
import { SERVER_READ_RETRY_MS } from '../../../src/data/firestore/serverReads';

const unreachable = () => Object.assign(new Error('Failed to get document because the client is offline.'), { code: 'unavailable' });
const refused = () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
const record: Documents = [['ana', { email: 'ana@example.com' }]];

afterEach(() => {
  vi.useRealTimers();
});

describe('server or device copy', () => {
  it("the server's answer is kept, and with the server unreachable the copy answers it at once after one try", async () => {
    const copy = memoryDeviceCopy();
    await expect(serverOrDevice(copy, 'user:ana', () => Promise.resolve(record))).resolves.toEqual(record);
    await vi.waitFor(async () => {
      expect(await copy.read('user:ana')).toEqual(record);
    });
    const server = vi.fn(() => Promise.reject(unreachable()));
    await expect(serverOrDevice(copy, 'user:ana', server)).resolves.toEqual(record);
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('with the copy, a refusal stands and the copy is not read', async () => {
    const copy = memoryDeviceCopy();
    await copy.keep('user:ana', record);
    const read = vi.spyOn(copy, 'read');
    const denied = refused();
    await expect(serverOrDevice(copy, 'user:ana', () => Promise.reject(denied))).rejects.toBe(denied);
    expect(read).not.toHaveBeenCalled();
  });

  it("with a copy that never held the vault whole, the server's error stands", async () => {
    const copy = memoryDeviceCopy();
    await copy.replace('user:ana', record);
    const failure = unreachable();
    await expect(serverOrDevice(copy, 'user:ana', () => Promise.reject(failure))).rejects.toBe(failure);
    await expect(serverOrDevice(copy, 'user:bob', () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('an answer of nothing is kept as nothing: offline, the record is still not there', async () => {
    const copy = memoryDeviceCopy();
    await copy.keep('user:ana', record);
    await serverOrDevice(copy, 'user:ana', () => Promise.resolve([]));
    await vi.waitFor(async () => {
      expect(await copy.read('user:ana')).toEqual([]);
    });
    await expect(serverOrDevice(copy, 'user:ana', () => Promise.reject(unreachable()))).resolves.toEqual([]);
  });

  it('without the copy, an unreachable server is tried again and its answer stands', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const server = vi.fn(() => (++calls === 1 ? Promise.reject(unreachable()) : Promise.resolve(record)));
    const read = serverOrDevice(undefined, 'user:ana', server);
    await vi.advanceTimersByTimeAsync(SERVER_READ_RETRY_MS[0] ?? 0);
    await expect(read).resolves.toEqual(record);
    expect(server).toHaveBeenCalledTimes(2);
  });
});
