import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import type { AppConfig } from '../data/config';
import type { InvitationFunctions } from '../data/invitations/storedInvitations';
import type { TeamFunctions } from '../data/teams/storedTeams';
import { loadRepositories } from '../data/loadRepositories';
import { createAutoLockPreferences } from '../session/autoLock';
import { SessionProvider, useSession } from '../session/SessionContext';
import { createSessionStore } from '../session/sessionStore';
import { AppRoutes } from './AppRoutes';
import { AppServicesProvider, useAppServices, type AppServices } from './AppServices';
import type { BillingService } from '../features/billing';
import { createAuthServices } from './authServices';
import { createDeviceCopyService } from './deviceCopyService';
import { MfaEnrolment } from './mfa/MfaEnrolment';
import { onDemand } from './onDemand';
import { routeNeedsAuth } from './routeAccess';

/** Starts the auth service when a route that may need a signed-in user is shown. */
function AuthOnDemand() {
  const { pathname } = useLocation();
  const { auth } = useAppServices();
  useEffect(() => {
    if (routeNeedsAuth(pathname)) {
      auth.gateway().catch((error: unknown) => {
        console.error('The authentication service could not be loaded', error);
      });
    }
  }, [pathname, auth]);
  return null;
}

// The auto-lock and the link between tabs have nothing to do for a signed-out tab: they load with
// the first sign-in, not with the landing page. A sign-out is still announced to the other tabs: the
// link hears it from the session store before this unmounts it.
const AutoLock = lazy(() => import('./AutoLock').then((module) => ({ default: module.AutoLock })));

function AutoLockWhenSignedIn() {
  const { status } = useSession();
  if (status === 'signed-out') return null;
  return (
    <Suspense fallback={null}>
      <AutoLock />
    </Suspense>
  );
}

// The callables and the billing service load with the first screen that calls them, not with the landing page.
const teamFunctions = onDemand<TeamFunctions>(() => import('../data/functions/teamFunctions').then((m) => m.createTeamFunctions()), {
  createTeam: true,
  changeMemberRole: true,
  removeTeamMember: true,
  leaveTeam: true,
  grantTeamKey: true,
  rotateTeamKey: true,
  confirmTeamKeyRotation: true,
  confirmTeamKey: true,
  reportTeamKeyMismatch: true,
  finishKeyRotation: true,
  deleteTeam: true,
});

const invitationFunctions = onDemand<InvitationFunctions>(() => import('../data/functions/invitationFunctions').then((m) => m.createInvitationFunctions()), {
  inviteTeamMember: true,
  sendInvitationEmailWithSecret: true,
  lookupInvitation: true,
  acceptInvitation: true,
  declineInvitation: true,
  cancelInvitation: true,
});

function billingService(config: AppConfig): BillingService {
  const load = async () => {
    const [{ createBillingService }, { createBillingFunctions }, { loadStripeJs }] = await Promise.all([
      import('../features/billing/billingService'),
      import('../data/functions/billingFunctions'),
      import('../data/stripe/stripeJs'),
    ]);
    return createBillingService({ callables: createBillingFunctions(), checkoutAvailability: () => loadStripeJs(config.stripePublishableKey) });
  };
  return onDemand<BillingService>(load, { load: true, loadStatus: true, startCheckout: true, openPortal: true, downgrade: true, checkoutAvailability: true });
}

export function App({ config }: { config: AppConfig }) {
  const [services] = useState(() => {
    const store = createSessionStore(window.sessionStorage);
    const deviceCopy = createDeviceCopyService({
      choice: window.localStorage,
      tab: window.sessionStorage,
      clear: () => import('../data/deviceCopyActions').then(({ clearDeviceCopy }) => clearDeviceCopy()),
      reload: () => {
        window.location.reload();
      },
    });
    return {
      store,
      app: {
        config,
        auth: createAuthServices(store, window.localStorage),
        repositories: loadRepositories,
        teamFunctions,
        invitationFunctions,
        billing: billingService(config),
        autoLock: createAutoLockPreferences(window.localStorage),
        deviceCopy,
        connection: () => import('../data/deviceCopyActions').then(({ loadConnection }) => loadConnection()),
      } satisfies AppServices,
    };
  });
  return (
    <BrowserRouter>
      <AppServicesProvider services={services.app}>
        <SessionProvider store={services.store}>
          <AuthOnDemand />
          <AutoLockWhenSignedIn />
          <MfaEnrolment>
            <AppRoutes />
          </MfaEnrolment>
        </SessionProvider>
      </AppServicesProvider>
    </BrowserRouter>
  );
}
