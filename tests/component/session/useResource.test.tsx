// The session's keyed server state (src/session/serverState): what useLatestLoad promised its
// screens, now held by one cache: the latest read wins, failures keep the last value, a new key
// reads again, and nothing updates a screen that is gone.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useTeams } from '../../../src/features/teams';
import type { TeamSummary, TeamsApi, TeamsListing } from '../../../src/features/teams/model';
import { clearSession } from '../../../src/session/serverState/client';
import { ServerStateProvider } from '../../../src/session/serverState/ServerStateProvider';
import { REFUSAL_GRACE_MS, useResource } from '../../../src/session/serverState/useResource';
import { deferred } from '../../support/async';
import { testServerState } from '../../support/serverState';
import { team } from '../teams/fakeTeamsApi';

/** A read whose answers the test gives by hand, in any order. */
function manualRead<T = readonly string[]>() {
  const requests: ReturnType<typeof deferred<T>>[] = [];
  const read = vi.fn(() => {
    const request = deferred<T>();
    requests.push(request);
    return request.promise;
  });
  return { read, requests };
}

/** Lets the cache deliver what settled (it notifies on the next task). */
async function flush() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

function wrapper() {
  const { wrap } = testServerState();
  return ({ children }: { children: ReactNode }) => wrap(children);
}

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  logged.mockRestore();
});

describe('useResource', () => {
  it('reads on mount and shows the value', async () => {
    const { read, requests } = manualRead();
    const { result } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed' }), { wrapper: wrapper() });
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeUndefined();
    requests[0]!.resolve(['a']);
    await waitFor(() => {
      expect(result.current.status).toBe('ready');
    });
    expect(result.current.data).toEqual(['a']);
  });

  it('a slow read that answers after a later one does not win', async () => {
    const { read, requests } = manualRead();
    const { result } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed' }), { wrapper: wrapper() });
    requests[0]!.resolve(['first']);
    await waitFor(() => {
      expect(result.current.status).toBe('ready');
    });
    act(() => {
      void result.current.reload();
    });
    let latest!: Promise<void>;
    act(() => {
      latest = result.current.reload();
    });
    expect(read).toHaveBeenCalledTimes(3);
    requests[2]!.resolve(['new']);
    await act(() => latest);
    requests[1]!.resolve(['old']);
    await flush();
    expect(result.current.status).toBe('ready');
    expect(result.current.data).toEqual(['new']);
  });

  it('a superseded read that fails neither shows a failure nor hides the newer value', async () => {
    const { read, requests } = manualRead();
    const { result } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed' }), { wrapper: wrapper() });
    requests[0]!.resolve(['first']);
    await waitFor(() => {
      expect(result.current.status).toBe('ready');
    });
    act(() => {
      void result.current.reload();
    });
    act(() => {
      void result.current.reload();
    });
    requests[2]!.resolve(['new']);
    await flush();
    requests[1]!.reject(new Error('offline'));
    await flush();
    expect(result.current.status).toBe('ready');
    expect(result.current.data).toEqual(['new']);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('a read under way when the session forgets its keys (a logout) fails without a report; a later session reports its own', async () => {
    const { read, requests } = manualRead();
    const server = testServerState();
    const { result } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed to load things' }), {
      wrapper: ({ children }: { children: ReactNode }) => server.wrap(children),
    });
    expect(read).toHaveBeenCalledTimes(1);
    act(() => {
      clearSession(server.client);
    });
    // At a logout Firestore sends the read on without the user's token: the rules refuse it.
    requests[0]!.reject(new Error('Missing or insufficient permissions.'));
    await flush();
    expect(logged).not.toHaveBeenCalled();

    // The next session's reads report their failures as before.
    act(() => {
      result.current.retry();
    });
    await waitFor(() => {
      expect(requests.length).toBeGreaterThan(1);
    });
    const failure = new Error('offline');
    requests.at(-1)!.reject(failure);
    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith('Failed to load things', failure);
    });
  });

  it('a read the rules refuse a moment before the session ends (a logout in another tab) is not reported; one refused in a session that goes on is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { read, requests } = manualRead();
      const server = testServerState();
      const { result } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed to load things' }), {
        wrapper: ({ children }: { children: ReactNode }) => server.wrap(children),
      });
      const refusal = () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
      // The token went first: the read is refused, then the session here hears of the logout.
      requests[0]!.reject(refusal());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS / 2);
      });
      act(() => {
        clearSession(server.client);
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS);
      });
      expect(logged).not.toHaveBeenCalled();

      // In a session that goes on, the refusal is reported once the moment has passed.
      act(() => {
        result.current.retry();
      });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      const refused = refusal();
      requests.at(-1)!.reject(refused);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS / 2);
      });
      expect(logged).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS);
      });
      expect(logged).toHaveBeenCalledWith('Failed to load things', refused);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a read its screen asks for again as the session ends, refused once signed out, is not reported when the screen is gone; while it stays, it is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const refusal = () => Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
      for (const screenGoes of [true, false]) {
        logged.mockClear();
        const { read, requests } = manualRead();
        let forget = () => {};
        const clearOn = (clear: () => void) => {
          forget = clear;
          return () => {};
        };
        const { result, unmount } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed to load things' }), {
          wrapper: ({ children }: { children: ReactNode }) => <ServerStateProvider clearOn={clearOn}>{children}</ServerStateProvider>,
        });
        requests[0]!.resolve(['a']);
        await act(async () => {
          await vi.advanceTimersByTimeAsync(10);
        });
        // A logout empties the cache; the screen, still mounted a moment, reads again under the new count.
        act(() => {
          forget();
        });
        act(() => {
          result.current.retry();
        });
        await act(async () => {
          await vi.advanceTimersByTimeAsync(10);
        });
        const refused = refusal();
        requests.at(-1)!.reject(refused);
        await act(async () => {
          await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS / 2);
        });
        if (screenGoes) unmount();
        await act(async () => {
          await vi.advanceTimersByTimeAsync(REFUSAL_GRACE_MS);
        });
        if (screenGoes) expect(logged).not.toHaveBeenCalled();
        else {
          expect(logged).toHaveBeenCalledWith('Failed to load things', refused);
          unmount();
        }
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a second read asked for before the first has answered is the same read', async () => {
    const { read, requests } = manualRead();
    const { result } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed' }), { wrapper: wrapper() });
    act(() => {
      void result.current.reload();
    });
    expect(read).toHaveBeenCalledTimes(1);
    requests[0]!.resolve(['only']);
    await waitFor(() => {
      expect(result.current.data).toEqual(['only']);
    });
  });

  it('a failed latest read shows the failure and keeps the last value; retry shows loading and reads again', async () => {
    const { read, requests } = manualRead();
    const { result } = renderHook(() => useResource({ key: ['things'], read, failure: 'Failed to load things' }), { wrapper: wrapper() });
    requests[0]!.resolve(['a']);
    await waitFor(() => {
      expect(result.current.status).toBe('ready');
    });
    act(() => {
      void result.current.reload();
    });
    const failure = new Error('offline');
    requests[1]!.reject(failure);
    await waitFor(() => {
      expect(result.current.status).toBe('failed');
    });
    expect(result.current.data).toEqual(['a']);
    expect(result.current.error).toBe(failure);
    expect(logged).toHaveBeenCalledWith('Failed to load things', failure);

    act(() => {
      result.current.retry();
    });
    await waitFor(() => {
      expect(result.current.status).toBe('loading');
    });
    expect(read).toHaveBeenCalledTimes(3);
    requests[2]!.resolve(['b']);
    await waitFor(() => {
      expect(result.current.status).toBe('ready');
    });
    expect(result.current.data).toEqual(['b']);
  });

  it('a new key reads again, and the answer for the old key is not shown under it', async () => {
    const { read: readA, requests: forA } = manualRead();
    const { read: readB, requests: forB } = manualRead();
    const { result, rerender } = renderHook(({ key, read }) => useResource({ key: ['teams', key], read, failure: 'Failed' }), {
      wrapper: wrapper(),
      initialProps: { key: 'a', read: readA },
    });
    rerender({ key: 'b', read: readB });
    forA[0]!.resolve(['team A']);
    await flush();
    expect(result.current.status).toBe('loading');
    forB[0]!.resolve(['team B']);
    await waitFor(() => {
      expect(result.current.data).toEqual(['team B']);
    });
  });

  it('a null read reads nothing and stays loading', async () => {
    const { result } = renderHook(() => useResource<string>({ key: ['nothing'], read: null, failure: 'Failed' }), { wrapper: wrapper() });
    await act(() => result.current.reload());
    await flush();
    expect(result.current.status).toBe('loading');
  });

  it('does not update an unmounted screen when its answer arrives, or when its read fails', async () => {
    for (const settleWith of ['answer', 'failure'] as const) {
      const { read, requests } = manualRead();
      let renders = 0;
      const { unmount } = renderHook(
        () => {
          renders += 1;
          return useResource({ key: ['things'], read, failure: 'Failed' });
        },
        { wrapper: wrapper() },
      );
      unmount();
      const before = renders;
      if (settleWith === 'answer') requests[0]!.resolve(['late']);
      else requests[0]!.reject(new Error('offline'));
      await flush();
      expect(renders).toBe(before);
    }
  });
});

describe('useTeams over the cache', () => {
  it('a delete removes the team from the list held and discards list answers still on their way', async () => {
    const { read: list, requests } = manualRead<TeamsListing>();
    const listing = (teams: TeamSummary[]): TeamsListing => ({ teams, flagged: [], fromDevice: false, left: [] });
    const api = { list, create: vi.fn(), update: vi.fn(), remove: vi.fn(() => Promise.resolve()) } satisfies TeamsApi;
    const { result } = renderHook(() => useTeams(api), { wrapper: wrapper() });
    requests[0]!.resolve(listing([team({ id: 'a', name: 'A' }), team({ id: 'b', name: 'B' })]));
    await waitFor(() => {
      expect(result.current?.teams.map((item) => item.id)).toEqual(['a', 'b']);
    });
    act(() => {
      void result.current?.refresh();
    });
    await act(() => result.current!.remove('b'));
    await waitFor(() => {
      expect(result.current?.teams.map((item) => item.id)).toEqual(['a']);
    });
    requests[1]!.resolve(listing([team({ id: 'a', name: 'A' }), team({ id: 'b', name: 'B' })]));
    await flush();
    expect(result.current?.teams.map((item) => item.id)).toEqual(['a']);
  });
});
