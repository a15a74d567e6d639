import { useMemo } from 'react';
import type { AuthUser } from '../data/auth/authGateway';
import { LockScreen, signOutQuietly } from '../features/auth';
import { offerRemovalAfterSignOut } from '../features/deviceCopy';
import { createPasskeyUnlockApi, PasskeyUnlock } from '../features/passkeys';
import { Logo } from '../features/public';
import { useAppServices } from './AppServices';
import { passkeyDepsOf } from './passkeyServices';

/**
 * The lock screen over the app's services. Its Log out is the dashboard's: the signed-out screen
 * then offers to remove the device copy (once, in this tab). Loaded with the first locked route,
 * never with the landing page, and with it the passkey unlock.
 */
export default function LockScreenRoute({ user }: { user: AuthUser }) {
  const services = useAppServices();
  const { auth, deviceCopy } = services;
  const passkeys = useMemo(() => createPasskeyUnlockApi({ ...passkeyDepsOf(services), session: auth.deps.session }), [services, auth]);
  return (
    <LockScreen
      user={user}
      deps={auth.deps}
      logo={<Logo />}
      passkeyUnlock={<PasskeyUnlock api={passkeys} user={user} />}
      onLogOut={() => {
        offerRemovalAfterSignOut(deviceCopy);
        return signOutQuietly(auth.deps);
      }}
    />
  );
}
