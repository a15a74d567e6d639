import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEmailVerificationPoll } from '../../../src/ui/useEmailVerificationPoll';
import { settle } from '../../support/async';

afterEach(() => {
  vi.useRealTimers();
});

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

describe('useEmailVerificationPoll (SPEC.md §9: every 1 s)', () => {
  it('checks once a second until verified, then stops', async () => {
    vi.useFakeTimers();
    let answers = [false, false, true];
    const check = vi.fn(() => Promise.resolve(answers.shift() ?? true));
    const { result } = renderHook(() => useEmailVerificationPoll(check, true));
    expect(result.current).toBe(false);
    await advance(999);
    expect(check).not.toHaveBeenCalled();
    await advance(1);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(result.current).toBe(false);
    await advance(1000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(result.current).toBe(true);
    answers = [];
    await advance(5000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('keeps polling after a failed check', async () => {
    vi.useFakeTimers();
    const check = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(true);
    const { result } = renderHook(() => useEmailVerificationPoll(check as () => Promise<boolean>, true));
    await advance(1000);
    expect(result.current).toBe(false);
    await advance(1000);
    expect(result.current).toBe(true);
  });

  it('does nothing while disabled and stops when unmounted', async () => {
    vi.useFakeTimers();
    const check = vi.fn(() => Promise.resolve(false));
    const { rerender, unmount } = renderHook(({ on }) => useEmailVerificationPoll(check, on), { initialProps: { on: false } });
    await advance(3000);
    expect(check).not.toHaveBeenCalled();
    rerender({ on: true });
    await advance(1000);
    expect(check).toHaveBeenCalledTimes(1);
    unmount();
    await advance(3000);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
