import { useState, type ComponentType, type ReactNode } from 'react';
import type { AuthUser } from '../../data/auth/authGateway';
import { signOutQuietly } from '../../features/auth';
import type { BillingService } from '../../features/billing';
import { offerRemovalAfterSignOut } from '../../features/deviceCopy';
import { useSession, useSessionStore } from '../../session/SessionContext';
import { ServerStateProvider } from '../../session/serverState/ServerStateProvider';
import { useAutoLockSettings } from '../../session/useAutoLock';
import { useAppServices } from '../AppServices';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { useAccountDialogs } from '../dashboard/useAccountDialogs';
import '../dashboard/dashboard.css';

// /billing inside the app's own frame (issue #43, item 8): the signed-in header the dashboard has,
// drawn with the page before the plans load, so billing never stands alone on a cold start.

/** The billing feature's page, which AppRoutes loads beside this module (a code-split seam). */
export type BillingPageComponent = ComponentType<{ readonly service: BillingService; readonly header: ReactNode }>;

/** The billing page for a signed-in user (the route shows the landing page to anyone else). */
export function BillingRoute({ page: BillingPage }: { readonly page: BillingPageComponent }) {
  const session = useSession();
  const store = useSessionStore();
  const { billing } = useAppServices();
  if (session.status === 'signed-out') return null;
  return (
    <ServerStateProvider key={session.user.uid} clearOn={store.onKeysForgotten}>
      <BillingPage service={billing} header={<AppHeader user={session.user} unlocked={session.status === 'unlocked'} />} />
    </ServerStateProvider>
  );
}

/** The dashboard's header over billing; the account actions need the open vault, so a locked tab has none. */
function AppHeader({ user, unlocked }: { readonly user: AuthUser; readonly unlocked: boolean }) {
  const { auth, autoLock, deviceCopy } = useAppServices();
  const [loggingOut, setLoggingOut] = useState(false);
  const autoLockSettings = useAutoLockSettings(autoLock, user.uid);
  const accountDialogs = useAccountDialogs(unlocked ? user : null);
  return (
    <>
      <DashboardHeader
        user={user}
        loggingOut={loggingOut}
        invitations={null}
        planName={null}
        autoLock={autoLockSettings}
        onAutoLockChange={(settings) => {
          autoLock.set(user.uid, settings);
        }}
        {...(unlocked ? { accountActions: accountDialogs.actions } : {})}
        onLogout={() => {
          setLoggingOut(true);
          offerRemovalAfterSignOut(deviceCopy);
          void signOutQuietly(auth.deps);
        }}
      />
      {accountDialogs.dialogs}
    </>
  );
}
