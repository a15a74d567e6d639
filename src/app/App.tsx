import { useEffect, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import type { AppConfig } from '../data/config';
import { createBillingFunctions } from '../data/functions/billingFunctions';
import { createInvitationFunctions } from '../data/functions/invitationFunctions';
import { createTeamFunctions } from '../data/functions/teamFunctions';
import { loadRepositories } from '../data/repositories';
import { loadStripeJs } from '../data/stripe/stripeJs';
import { createBillingService } from '../features/billing/billingService';
import { createAutoLockPreferences } from '../session/autoLock';
import { SessionProvider, useSessionStore } from '../session/SessionContext';
import { useAutoLock } from '../session/useAutoLock';
import { createSessionStore } from '../session/sessionStore';
import { AppRoutes } from './AppRoutes';
import { AppServicesProvider, useAppServices, type AppServices } from './AppServices';
import { createAuthServices } from './authServices';
import { MfaEnrolment } from './mfa/MfaEnrolment';
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

/** Locks an open vault after the user's idle limit (and on hide, if chosen). */
function AutoLock() {
  const { autoLock } = useAppServices();
  useAutoLock(useSessionStore(), autoLock);
  return null;
}

export function App({ config }: { config: AppConfig }) {
  const [services] = useState(() => {
    const store = createSessionStore(window.sessionStorage);
    return { store, app: { config, auth: createAuthServices(store, window.localStorage), repositories: loadRepositories, teamFunctions: createTeamFunctions(), invitationFunctions: createInvitationFunctions(), billing: createBillingService({ callables: createBillingFunctions(), checkoutAvailability: () => loadStripeJs(config.stripePublishableKey) }), autoLock: createAutoLockPreferences(window.localStorage) } satisfies AppServices };
  });
  return (
    <BrowserRouter>
      <AppServicesProvider services={services.app}>
        <SessionProvider store={services.store}>
          <AuthOnDemand />
          <AutoLock />
          <MfaEnrolment>
            <AppRoutes />
          </MfaEnrolment>
        </SessionProvider>
      </AppServicesProvider>
    </BrowserRouter>
  );
}
