// src/session/workBeforeSignOut.ts: a logout waits for the writes under way for the user (the
// public key's publish), a few seconds at most.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishBeforeSignOut, settleBeforeSignOut } from '../../../src/session/workBeforeSignOut';

afterEach(() => {
  vi.useRealTimers();
});

describe('settleBeforeSignOut', () => {
  it('resolves at once with nothing under way', async () => {
    await expect(settleBeforeSignOut()).resolves.toBeUndefined();
  });

  it('waits for a write under way, whether it succeeds or is refused', async () => {
    let succeed!: () => void;
    let refuse!: (error: Error) => void;
    const written = finishBeforeSignOut(new Promise<void>((resolve) => (succeed = resolve)));
    const refused = finishBeforeSignOut(new Promise<void>((_, reject) => (refuse = reject))).catch(() => 'refused');
    let settled = false;
    const waiting = settleBeforeSignOut().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    succeed();
    await written;
    await Promise.resolve();
    expect(settled).toBe(false);
    refuse(new Error('offline'));
    expect(await refused).toBe('refused');
    await waiting;
    expect(settled).toBe(true);
    // Settled writes are forgotten: the next logout does not wait for them.
    await expect(settleBeforeSignOut(0)).resolves.toBeUndefined();
  });

  it('gives up after its limit when the server never answers', async () => {
    vi.useFakeTimers();
    void finishBeforeSignOut(new Promise(() => undefined));
    let settled = false;
    const waiting = settleBeforeSignOut(3_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(settled).toBe(true);
  });
});
