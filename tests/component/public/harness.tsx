import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { AuthModalRequest } from '@keyloft/contract/authModalRequest';
import { LandingPage } from '../../../src/features/public';
import { PrivacyPage } from '../../../src/features/public/PrivacyPage';
import { SecurityPage } from '../../../src/features/public/SecurityPage';
import { TermsPage } from '../../../src/features/public/TermsPage';
import { Dialog } from '../../../src/ui/Dialog';

/** Shows where the router is, so tests can read navigation the way a user reads the screen. */
export function LocationProbe() {
  const location = useLocation();
  const state: unknown = location.state;
  return (
    <aside aria-label="Router location">
      <p>path: {location.pathname}</p>
      <p>state: {JSON.stringify(state)}</p>
    </aside>
  );
}

export type RenderAuthModal = (request: AuthModalRequest, close: () => void) => ReactNode;

/** A stand-in auth modal: the real one belongs to the auth feature. */
export function fakeAuthModal(request: AuthModalRequest, close: () => void) {
  return (
    <Dialog open onClose={close} title={request.signup ? 'Create your account' : 'Sign in'}>
      <p>Auth modal for {request.email ?? 'a new visitor'}</p>
    </Dialog>
  );
}

/** The public routes as the app mounts them, starting at `entry`. */
export function renderPublicRoutes(
  entry: string | { pathname: string; state?: unknown },
  renderAuthModal: RenderAuthModal = vi.fn(fakeAuthModal),
) {
  const user = userEvent.setup();
  const landing = <LandingPage renderAuthModal={renderAuthModal} />;
  const utils = render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/" element={landing} />
        <Route path="/dashboard" element={landing} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/security" element={<SecurityPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { user, renderAuthModal, ...utils };
}
