// The app's routes as main.tsx mounts them, at one address, over fake services and a session store
// in one of its three states: for the component tests of routing, the lock screen and billing.
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { AppRoutes } from '../../../src/app/AppRoutes';
import { AppServicesProvider, type AppServices } from '../../../src/app/AppServices';
import { MfaEnrolment } from '../../../src/app/mfa/MfaEnrolment';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { SessionProvider } from '../../../src/session/SessionContext';
import { createSessionStore, type SessionStore } from '../../../src/session/sessionStore';
import { MemoryStorage } from '../../support/memoryStorage';

export type AppSession = 'signed-out' | 'locked' | 'unlocked';

/** A session store of `user` in `session`; an unlocked one holds stand-in keys (routes never use them). */
export function sessionIn(session: AppSession, user: AuthUser): SessionStore {
  const store = createSessionStore(new MemoryStorage());
  if (session === 'locked') store.markLocked(user);
  if (session === 'unlocked') store.unlock(user, { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey }, 'encrypted');
  return store;
}

/** The app at `path`; `beside` renders inside the router too (a probe of the location). */
export function appAt(path: InitialEntry, services: AppServices, store: SessionStore, beside?: ReactNode): ReactElement {
  return (
    <MemoryRouter initialEntries={[path]}>
      <AppServicesProvider services={services}>
        <SessionProvider store={store}>
          <MfaEnrolment notifications={{ enrolled: () => Promise.resolve(), removed: () => Promise.resolve() }}>
            <AppRoutes />
            {beside}
          </MfaEnrolment>
        </SessionProvider>
      </AppServicesProvider>
    </MemoryRouter>
  );
}
