import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '../../../src/app/onDemand';

interface Greeter {
  greet(name: string): Promise<string>;
  count(): Promise<number>;
}

function implementation(prefix: string): Greeter {
  let calls = 0;
  return {
    greet: (name) => Promise.resolve(`${prefix} ${name}`),
    count: () => {
      calls += 1;
      return Promise.resolve(calls);
    },
  };
}

describe('onDemand', () => {
  it('loads nothing until the first call, then loads once and forwards arguments and results', async () => {
    const load = vi.fn(() => Promise.resolve(implementation('Hello')));
    const greeter = onDemand<Greeter>(load, { greet: true, count: true });
    expect(load).not.toHaveBeenCalled();

    expect(await greeter.greet('Ada')).toBe('Hello Ada');
    expect(await Promise.all([greeter.count(), greeter.count()])).toEqual([1, 2]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes a method’s rejection through unchanged', async () => {
    const failure = new Error('refused');
    const greeter = onDemand<Greeter>(() => Promise.resolve({ ...implementation('Hi'), greet: () => Promise.reject(failure) }), { greet: true, count: true });
    await expect(greeter.greet('Ada')).rejects.toBe(failure);
  });

  it('tries the load again on the next call after a failed one', async () => {
    const load = vi.fn<() => Promise<Greeter>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(implementation('Hi'));
    const greeter = onDemand<Greeter>(load, { greet: true, count: true });
    await expect(greeter.greet('Ada')).rejects.toThrow('offline');
    expect(await greeter.greet('Ada')).toBe('Hi Ada');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('has the named methods and nothing else, so it is never mistaken for a promise', async () => {
    const greeter = onDemand<Greeter>(() => Promise.resolve(implementation('Hi')), { greet: true, count: true });
    expect(Object.keys(greeter).sort()).toEqual(['count', 'greet']);
    expect('then' in greeter).toBe(false);
    // Awaiting it yields the object itself, not a call into the service.
    expect(await Promise.resolve(greeter)).toBe(greeter);
  });
});
