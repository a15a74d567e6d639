// Reads the device copy can stand in for (src/data/firestore/deviceFallback.ts): with the copy, an
// unreachable server is answered from it at once, with no retries first (an offline unlock waited
// seconds per read for them); without it, the read is tried again as any server read is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverOrDevice } from '../../../src/data/firestore/deviceFallback';
import { SERVER_READ_RETRY_MS } from '../../../src/data/firestore/serverReads';

const unreachable = () => Object.assign(new Error('Failed to get document because the client is offline.'), { code: 'unavailable' });
const refused = () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });

afterEach(() => {
  vi.useRealTimers();
});

describe('server or device copy', () => {
  it('with the copy, an unreachable server is tried once and the copy answers at once', async () => {
    const server = vi.fn(() => Promise.reject(unreachable()));
    const device = vi.fn(() => Promise.resolve('from the copy'));
    await expect(serverOrDevice(true, server, device)).resolves.toBe('from the copy');
    expect(server).toHaveBeenCalledTimes(1);
    expect(device).toHaveBeenCalledTimes(1);
  });

  it('with the copy, a refusal stands and the copy is not read', async () => {
    const denied = refused();
    const device = vi.fn(() => Promise.resolve('from the copy'));
    await expect(serverOrDevice(true, () => Promise.reject(denied), device)).rejects.toBe(denied);
    expect(device).not.toHaveBeenCalled();
  });

  it("with a copy that cannot stand in, the server's error stands", async () => {
    const failure = unreachable();
    await expect(serverOrDevice(true, () => Promise.reject(failure), () => Promise.resolve(null))).rejects.toBe(failure);
  });

  it('without the copy, an unreachable server is tried again and its answer stands', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const server = vi.fn(() => (++calls === 1 ? Promise.reject(unreachable()) : Promise.resolve('from the server')));
    const device = vi.fn(() => Promise.resolve('from the copy'));
    const read = serverOrDevice(false, server, device);
    await vi.advanceTimersByTimeAsync(SERVER_READ_RETRY_MS[0] ?? 0);
    await expect(read).resolves.toBe('from the server');
    expect(server).toHaveBeenCalledTimes(2);
    expect(device).not.toHaveBeenCalled();
  });
});
