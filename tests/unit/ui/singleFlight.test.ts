import { describe, expect, it, vi } from 'vitest';
import { SingleFlight } from '../../../src/ui/singleFlight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('shares one call between callers of the same key while it runs', async () => {
    const flight = new SingleFlight<string>(false);
    const pending = deferred<string>();
    const start = vi.fn(() => pending.promise);
    const first = flight.run('code', start);
    const second = flight.run('code', start);
    pending.resolve('done');
    await expect(first).resolves.toBe('done');
    await expect(second).resolves.toBe('done');
    expect(start).toHaveBeenCalledOnce();
  });

  it('runs different keys separately', async () => {
    const flight = new SingleFlight<string>(false);
    const start = vi.fn((value: string) => Promise.resolve(value));
    await expect(flight.run('a', () => start('a'))).resolves.toBe('a');
    await expect(flight.run('b', () => start('b'))).resolves.toBe('b');
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('calls again after a success unless successes are kept', async () => {
    const start = vi.fn(() => Promise.resolve('ok'));
    const forgetting = new SingleFlight<string>(false);
    await forgetting.run('code', start);
    await forgetting.run('code', start);
    expect(start).toHaveBeenCalledTimes(2);

    start.mockClear();
    const keeping = new SingleFlight<string>(true);
    await keeping.run('code', start);
    await expect(keeping.run('code', start)).resolves.toBe('ok');
    expect(start).toHaveBeenCalledOnce();
  });

  it('forgets a failure once it settles, so a retry calls again', async () => {
    const flight = new SingleFlight<string>(true);
    const start = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('ok');
    await expect(flight.run('code', start)).rejects.toThrow('offline');
    await expect(flight.run('code', start)).resolves.toBe('ok');
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('turns a synchronous throw into a rejection', async () => {
    const flight = new SingleFlight<string>(false);
    await expect(
      flight.run('code', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
  });
});
