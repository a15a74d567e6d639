import { unlockVaultKeyBytes } from '../../../src/crypto';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import type { ExtensionFirebase, ExtensionSignIn } from '../../../src/data/extension/extensionFirebase';
import { masterKeyMaterialOf } from '../../../src/data/users/userRecord';
import { readOnlyVault } from './readOnlyVault';
import { openTeams } from './teamVaults';
import type { ExtensionSession, SignInOutcome } from './session';
import { forgetVaultKey, hasVaultKey, keepVaultKey, keptVaultKey, type SessionArea } from './vaultKeyStore';

// The extension's session (docs/extension.md, "Session"): the account on Firebase
// (src/data/extension/extensionFirebase.ts), the vault key in chrome.storage.session
// (./vaultKeyStore.ts), the vault read through the app's own service (./readOnlyVault.ts), the
// team vaults with the keys the user's private key opens (./teamVaults.ts).

function outcome(signIn: ExtensionSignIn): SignInOutcome {
  if (signIn.kind === 'signed-in') return { kind: 'signed-in', email: signIn.user.email };
  if (signIn.kind === 'unsupported-second-factor') return signIn;
  return { kind: 'second-factor', verify: async (code) => outcome(await signIn.verify(code)) };
}

export function firebaseSession(firebase: ExtensionFirebase, area: SessionArea): ExtensionSession {
  const requireUser = async () => {
    const user = await firebase.currentUser();
    if (user === null) throw new AuthServiceError('auth/no-current-user', 'Not signed in.');
    return user;
  };
  return {
    async state() {
      const user = await firebase.currentUser();
      if (user === null) return { screen: 'signed-out' };
      return (await hasVaultKey(area, user.uid)) ? { screen: 'unlocked', email: user.email } : { screen: 'locked', email: user.email };
    },
    signIn: async (email, password) => outcome(await firebase.signIn(email, password)),
    async unlock(masterPassword) {
      const user = await requireUser();
      const record = await firebase.userRecord(user.uid);
      if (record === null) throw new Error('This account has no vault yet: set it up in the Keyloft web vault first.');
      await keepVaultKey(area, user.uid, await unlockVaultKeyBytes(masterPassword, masterKeyMaterialOf(record)));
    },
    lock: () => forgetVaultKey(area),
    async signOut() {
      await forgetVaultKey(area);
      await firebase.signOut();
    },
    async vault() {
      const user = await requireUser();
      const vaultKey = await keptVaultKey(area, user.uid);
      if (vaultKey === null) return null;
      return readOnlyVault({ pages: firebase.pages, userId: user.uid, vaultKey, teams: () => openTeams(firebase, user.uid, vaultKey) });
    },
  };
}
