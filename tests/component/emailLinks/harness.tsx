import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

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

export const SUPPORT_EMAIL = 'support@keyloft.app';

export { deferred, settle, elapse } from '../../support/async';
