import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../../src/ui/nextTask';

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves after every microtask queued in the current task, however long the chain', async () => {
    let chain = 0;
    const step = (): void => {
      chain += 1;
      if (chain < 1_000) queueMicrotask(step);
    };
    queueMicrotask(step);
    await nextTask();
    expect(chain).toBe(1_000);
  });

  it('without MessageChannel, waits for a timer', async () => {
    vi.stubGlobal('MessageChannel', undefined);
    vi.useFakeTimers();
    let resolved = false;
    const waiting = nextTask().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.runAllTimersAsync();
    await waiting;
    expect(resolved).toBe(true);
  });
});
