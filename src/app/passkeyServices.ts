import { browserStorage, browserWebAuthn, passkeysOnDevice, type PasskeyDeps } from '../features/passkeys';
import type { AppServices } from './AppServices';

/** Passkey unlock's dependencies over the app's services (the page's WebAuthn and localStorage unless a stand-in is given). */
export function passkeyDepsOf({ auth, repositories, passkeys }: AppServices): PasskeyDeps {
  return {
    loadUsers: () => auth.deps.loadUsers(),
    loadPasskeys: async () => (await repositories()).passkeys,
    browser: passkeys?.browser ?? browserWebAuthn(),
    device: passkeys?.device ?? passkeysOnDevice(browserStorage()),
    now: () => auth.deps.now(),
  };
}
