import { act, renderHook } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLatestLoad } from '../../../src/ui/useLatestLoad';
import { deferred, settle } from '../../support/async';

// Counts every state update the hook asks React for, so that "an unmounted hook is not updated" is
// observable: React drops such an update silently.
const updates = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>();
  function useState<S>(initial: S | (() => S)) {
    const [value, set] = react.useState(initial);
    const counted: typeof set = (next) => {
      updates.count += 1;
      set(next);
    };
    return [value, counted] as const;
  }
  return { ...react, useState };
});

/** A fetch whose answers the test gives by hand, in any order. */
function manualFetch() {
  const requests: ReturnType<typeof deferred<readonly string[]>>[] = [];
  const fetch = vi.fn(() => {
    const request = deferred<readonly string[]>();
    requests.push(request);
    return request.promise;
  });
  return { fetch, requests };
}

async function answer(request: { resolve: (value: readonly string[]) => void }, items: readonly string[]) {
  request.resolve(items);
  await settle();
}

describe('useLatestLoad', () => {
  it('loads on mount and shows the list', async () => {
    const { fetch, requests } = manualFetch();
    const { result } = renderHook(() => useLatestLoad(fetch, { onError: vi.fn() }));
    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);
    await answer(requests[0]!, ['a']);
    expect(result.current.status).toBe('ready');
    expect(result.current.items).toEqual(['a']);
  });

  it('a slow first request that answers after a second one does not win', async () => {
    const { fetch, requests } = manualFetch();
    const { result } = renderHook(() => useLatestLoad(fetch, { onError: vi.fn() }));
    let second!: Promise<void>;
    act(() => {
      second = result.current.reload();
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    await answer(requests[1]!, ['new']);
    await second;
    await answer(requests[0]!, ['old']);
    expect(result.current.status).toBe('ready');
    expect(result.current.items).toEqual(['new']);
  });

  it('a superseded request that fails neither shows a failure nor hides the newer list', async () => {
    const onError = vi.fn();
    const { fetch, requests } = manualFetch();
    const { result } = renderHook(() => useLatestLoad(fetch, { onError }));
    act(() => {
      void result.current.reload();
    });
    await answer(requests[1]!, ['new']);
    requests[0]!.reject(new Error('offline'));
    await settle();
    expect(result.current.status).toBe('ready');
    expect(result.current.items).toEqual(['new']);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a failed latest request shows the failure and keeps the last list; retry shows loading and reads again', async () => {
    const onError = vi.fn();
    const { fetch, requests } = manualFetch();
    const { result } = renderHook(() => useLatestLoad(fetch, { onError }));
    await answer(requests[0]!, ['a']);
    act(() => {
      void result.current.reload();
    });
    const failure = new Error('offline');
    requests[1]!.reject(failure);
    await settle();
    expect(result.current.status).toBe('failed');
    expect(result.current.items).toEqual(['a']);
    expect(onError).toHaveBeenCalledWith(failure);

    act(() => {
      result.current.retry();
    });
    expect(result.current.status).toBe('loading');
    expect(fetch).toHaveBeenCalledTimes(3);
    await answer(requests[2]!, ['b']);
    expect(result.current.status).toBe('ready');
    expect(result.current.items).toEqual(['b']);
  });

  it('a new fetch or reloadOn value reads again, and the answer for the old key is ignored', async () => {
    const { fetch: fetchA, requests: forA } = manualFetch();
    const { fetch: fetchB, requests: forB } = manualFetch();
    const { result, rerender } = renderHook(({ fetch, version }) => useLatestLoad(fetch, { onError: vi.fn(), reloadOn: version }), {
      initialProps: { fetch: fetchA, version: 0 },
    });
    rerender({ fetch: fetchB, version: 0 });
    await answer(forA[0]!, ['team A']);
    expect(result.current.status).toBe('loading');
    await answer(forB[0]!, ['team B']);
    expect(result.current.items).toEqual(['team B']);

    rerender({ fetch: fetchB, version: 1 });
    expect(fetchB).toHaveBeenCalledTimes(2);
    expect(result.current.items).toEqual(['team B']);
    await answer(forB[1]!, ['team B', 'invited']);
    expect(result.current.items).toEqual(['team B', 'invited']);
  });

  it('replace changes the list locally and discards answers still on their way', async () => {
    const { fetch, requests } = manualFetch();
    const { result } = renderHook(() => useLatestLoad(fetch, { onError: vi.fn() }));
    await answer(requests[0]!, ['a', 'b']);
    act(() => {
      void result.current.reload();
    });
    act(() => {
      result.current.replace((items) => items.filter((item) => item !== 'b'));
    });
    expect(result.current.items).toEqual(['a']);
    await answer(requests[1]!, ['a', 'b']);
    expect(result.current.items).toEqual(['a']);
  });

  it('a null fetch reads nothing and stays loading', async () => {
    const { result } = renderHook(() => useLatestLoad<string>(null, { onError: vi.fn() }));
    await act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
  });

  it('does not update an unmounted component when its answer arrives', async () => {
    const { fetch, requests } = manualFetch();
    const { unmount } = renderHook(() => useLatestLoad(fetch, { onError: vi.fn() }));
    unmount();
    const before = updates.count;
    await answer(requests[0]!, ['late']);
    expect(updates.count).toBe(before);
  });

  it('does not update an unmounted component when its request fails', async () => {
    const onError = vi.fn();
    const { fetch, requests } = manualFetch();
    const { unmount } = renderHook(() => useLatestLoad(fetch, { onError }));
    unmount();
    const before = updates.count;
    requests[0]!.reject(new Error('offline'));
    await settle();
    expect(updates.count).toBe(before);
  });
});
