import { describe, expect, it, vi } from 'vitest';
import { SharedCalls } from '../../../src/features/invitations/sharedCalls';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SharedCalls', () => {
  it('shares one call between callers of the same key while it runs', async () => {
    const calls = new SharedCalls<string>();
    const pending = deferred<string>();
    const start = vi.fn(() => pending.promise);
    const first = calls.run('invite', start);
    const second = calls.run('invite', start);
    pending.resolve('done');
    await expect(first).resolves.toBe('done');
    await expect(second).resolves.toBe('done');
    expect(start).toHaveBeenCalledOnce();
  });

  it('runs different keys separately', async () => {
    const calls = new SharedCalls<string>();
    await expect(calls.run('a', () => Promise.resolve('a'))).resolves.toBe('a');
    await expect(calls.run('b', () => Promise.resolve('b'))).resolves.toBe('b');
  });

  it('forgets a call once it settled, either way, so the next asks again', async () => {
    const calls = new SharedCalls<string>();
    const start = vi.fn(() => Promise.resolve('ok'));
    await calls.run('k', start);
    await calls.run('k', start);
    expect(start).toHaveBeenCalledTimes(2);

    const failing = vi.fn(() => Promise.reject(new Error('no')));
    await expect(calls.run('f', failing)).rejects.toThrow('no');
    await expect(calls.run('f', failing)).rejects.toThrow('no');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('turns a synchronous throw into a rejection', async () => {
    const calls = new SharedCalls<string>();
    await expect(
      calls.run('t', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
  });
});
