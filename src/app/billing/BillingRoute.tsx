import { useState } from 'react';
import type { AuthUser } from '../../data/auth/authGateway';
import { signOutQuietly } from '../../features/auth';
// The billing index leaves its pages out so that they stay code-split seams; this module is such a
// seam itself (AppRoutes loads it lazily), so taking the page by its path keeps the split, and the
// landing page pays for one lazy import, not two (its JavaScript budget, scripts/lib/landingBundle.mjs).
// eslint-disable-next-line no-restricted-imports -- this module is itself a lazily loaded seam (above)
import { BillingPage } from '../../features/billing/BillingPage';
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

/** The billing page for a signed-in user (the route shows the landing page to anyone else). */
export function BillingRoute() {
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
