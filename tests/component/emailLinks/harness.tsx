import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

/** Stand-in for the landing page at /: shows the navigation state the page was reached with. */
function HomeProbe() {
  const state: unknown = useLocation().state;
  return (
    <main>
      <h1>Home page</h1>
      <p>state: {JSON.stringify(state)}</p>
    </main>
  );
}

/**
 * Renders `page` at `entry` inside StrictMode, as the app does (effects run twice on mount), with
 * marker pages at / and /dashboard so navigation can be read off the screen.
 */
export function renderEmailLinkPage(path: string, entry: string, page: ReactElement) {
  const user = userEvent.setup({ delay: null });
  const utils = render(
    <StrictMode>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="/" element={<HomeProbe />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
  return { user, ...utils };
}

let codes = 0;

/** A fresh code per test: the pages share calls per code across mounts, as the app needs. */
export function uniqueCode(label = 'code'): string {
  codes += 1;
  return `${label}-${codes}`;
}

/** A promise the test settles by hand, to hold a page in its loading or submitting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// Timing tests install vi.useFakeTimers() with nothing advancing on its own, so that "not before
// 3 s" is exact. Testing Library's async helpers (findBy*, waitFor, user-event) wait on a real
// setTimeout(0) and would hang then: those tests use settle(), elapse() and fireEvent instead.

/** Lets pending promises (the fake gateway's) settle and React commit, without real time passing. */
export async function settle() {
  await act(async () => {});
}

/** Moves fake time on by `ms`, committing what the timers cause. */
export function elapse(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

export const SUPPORT_EMAIL = 'support@keyloft.app';
