// The repositories' one-off server reads (src/data/firestore/serverReads.ts): a read the SDK fails
// as unreachable, as it does at once while it reconnects, is tried again at the SDK's own pace; a
// refusal, or the browser saying it is offline, ends it at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_READ_RETRY_MS, withServerRetry } from '../../../src/data/firestore/serverReads';

const unreachable = () => Object.assign(new Error('Failed to get documents from server.'), { code: 'unavailable' });
const refused = () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });

/** A read failing with `failures` in turn, then answering 'answer'. */
function readFailing(failures: Error[]) {
  let calls = 0;
  const read = vi.fn(() => {
    const failure = failures[calls];
    calls += 1;
    return failure === undefined ? Promise.resolve('answer') : Promise.reject(failure);
  });
  return read;
}

function recordingWait() {
  const waits: number[] = [];
  return { waits, wait: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('one-off server reads', () => {
  it('answer on the first try without waiting', async () => {
    const { waits, wait } = recordingWait();
    const read = readFailing([]);
    await expect(withServerRetry(read, wait)).resolves.toBe('answer');
    expect(read).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('are tried again while the server is out of reach, waiting as the SDK reconnects', async () => {
    const { waits, wait } = recordingWait();
    const read = readFailing([unreachable(), unreachable()]);
    await expect(withServerRetry(read, wait)).resolves.toBe('answer');
    expect(read).toHaveBeenCalledTimes(3);
    expect(waits).toEqual(SERVER_READ_RETRY_MS.slice(0, 2));
  });

  it('fail with the last unreachable error once every retry is spent', async () => {
    const { waits, wait } = recordingWait();
    const failures = Array.from({ length: SERVER_READ_RETRY_MS.length + 1 }, unreachable);
    const read = readFailing([...failures, unreachable()]);
    await expect(withServerRetry(read, wait)).rejects.toBe(failures.at(-1));
    expect(read).toHaveBeenCalledTimes(SERVER_READ_RETRY_MS.length + 1);
    expect(waits).toEqual(SERVER_READ_RETRY_MS);
  });

  it.each([
    { when: 'the server refused the read', failure: refused, offline: false, reachable: true },
    { when: 'the browser says it is offline', failure: unreachable, offline: true, reachable: true },
    { when: 'the live reads have found the server silent', failure: unreachable, offline: false, reachable: false },
  ])('fail at once when $when', async ({ failure: made, offline, reachable }) => {
    if (offline) vi.stubGlobal('navigator', { onLine: false });
    const { waits, wait } = recordingWait();
    const failure = made();
    const read = readFailing([failure]);
    await expect(withServerRetry(read, wait, () => reachable)).rejects.toBe(failure);
    expect(read).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('wait for real between tries by default', async () => {
    vi.useFakeTimers();
    try {
      const read = readFailing([unreachable()]);
      const answered = withServerRetry(read);
      await vi.advanceTimersByTimeAsync((SERVER_READ_RETRY_MS[0] ?? 0) - 1);
      expect(read).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(answered).resolves.toBe('answer');
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
