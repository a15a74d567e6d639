import type { AuthUser } from '../data/auth/authGateway';
import { LockScreen, signOutQuietly } from '../features/auth';
import { offerRemovalAfterSignOut } from '../features/deviceCopy';
import { Logo } from '../features/public';
import { useAppServices } from './AppServices';

/**
 * The lock screen over the app's services. Its Log out is the dashboard's: the signed-out screen
 * then offers to remove the device copy (once, in this tab). Loaded with the first locked route,
 * never with the landing page.
 */
export default function LockScreenRoute({ user }: { user: AuthUser }) {
  const { auth, deviceCopy } = useAppServices();
  return (
    <LockScreen
      user={user}
      deps={auth.deps}
      logo={<Logo />}
      onLogOut={() => {
        offerRemovalAfterSignOut(deviceCopy);
        return signOutQuietly(auth.deps);
      }}
    />
  );
}
