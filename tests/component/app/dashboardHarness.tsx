// The dashboard as the app mounts it, for component tests: a signed-in, unlocked session, the app
// services over the in-memory repositories, the team callables faked over them.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { AppServicesProvider } from '../../../src/app/AppServices';
import { MfaEnrolment } from '../../../src/app/mfa/MfaEnrolment';
import type { MfaNotifications } from '../../../src/app/mfa/MfaEnrolmentFlag';
import DashboardPage from '../../../src/app/dashboard/DashboardPage';
import type { AuthGateway } from '../../../src/data/auth/authGateway';
import type { InvitationFunctions } from '../../../src/data/invitations/storedInvitations';
import type { TeamFunctions } from '../../../src/data/teams/storedTeams';
import type { UnlockedKeys } from '../../../src/session/keyring';
import { SessionProvider } from '../../../src/session/SessionContext';
import { createSessionStore, type SessionStore } from '../../../src/session/sessionStore';
import { type MemoryRepositories } from '../../doubles/memoryRepositories';
import type { Connection } from '../../../src/data/firestore/liveServer';
import type { DeviceCopyService } from '../../../src/features/deviceCopy/model';
import { MemoryStorage } from '../../support/memoryStorage';
import { fakeAppServices } from './fakeAppServices';
import { fakeGateway } from './fakeGateway';

export interface DashboardHarness {
  readonly uid: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
  readonly keys: UnlockedKeys;
  readonly repositories: MemoryRepositories;
  /** Default: the fake callables over `repositories`, acting as `uid`. */
  readonly teamFunctions?: TeamFunctions;
  /** Default: every invitation callable rejects. */
  readonly invitationFunctions?: InvitationFunctions;
  readonly initialEntry?: InitialEntry;
  /** More routes beside /dashboard (where the dashboard navigates to). */
  readonly routes?: ReactNode;
  /** Default: notices that succeed and do nothing. */
  readonly mfaNotifications?: MfaNotifications;
  /** Default: fakeGateway(). */
  readonly gateway?: AuthGateway;
  /** Default: a copy kept, cleared at once. */
  readonly deviceCopy?: DeviceCopyService;
  /** Default: a server that always answers. */
  readonly connection?: Connection;
}

const QUIET_NOTICES: MfaNotifications = { enrolled: () => Promise.resolve(), removed: () => Promise.resolve() };

export function renderDashboardPage(options: DashboardHarness): {
  readonly store: SessionStore;
  readonly gateway: AuthGateway;
  readonly user: ReturnType<typeof userEvent.setup>;
} {
  const { uid, repositories } = options;
  const store = createSessionStore(new MemoryStorage());
  store.unlock(
    { uid, email: options.email ?? `${uid}@example.com`, emailVerified: options.emailVerified ?? true, provider: 'password' },
    options.keys,
    'encrypted',
  );
  const gateway = options.gateway ?? fakeGateway();
  render(
    <MemoryRouter initialEntries={[options.initialEntry ?? '/dashboard']}>
      <AppServicesProvider
        services={fakeAppServices({
          store,
          repositories,
          uid,
          gateway,
          ...(options.teamFunctions === undefined ? {} : { teamFunctions: options.teamFunctions }),
          ...(options.invitationFunctions === undefined ? {} : { invitationFunctions: options.invitationFunctions }),
          ...(options.deviceCopy === undefined ? {} : { deviceCopy: options.deviceCopy }),
          ...(options.connection === undefined ? {} : { connection: options.connection }),
        })}
      >
        <SessionProvider store={store}>
          <MfaEnrolment notifications={options.mfaNotifications ?? QUIET_NOTICES}>
            <Routes>
              <Route path="/dashboard" element={<DashboardPage />} />
              {options.routes}
            </Routes>
          </MfaEnrolment>
        </SessionProvider>
      </AppServicesProvider>
    </MemoryRouter>,
  );
  return { store, gateway, user: userEvent.setup() };
}
