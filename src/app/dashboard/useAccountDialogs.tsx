import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { createAccountFunctions, sendCustomEmailChange } from '../../data/functions/accountFunctions';
import { sendCustomEmailVerification, sendMasterPasswordChangeNotification } from '../../data/functions/callables';
import { signOutQuietly } from '../../features/auth';
import { DeviceCopySection, offerRemovalAfterSignOut, removeAfterDeletion } from '../../features/deviceCopy';
import {
  ChangeAccountPasswordDialog,
  ChangeEmailDialog,
  ChangeMasterPasswordDialog,
  DeleteAccountDialog,
  KeyFingerprintSection,
  SendVerificationButton,
  createAccountDeletionApi,
  createMasterPasswordApi,
  loadOwnKeyFingerprint,
  type AccountActions,
  type AccountDeletionApi,
  type OwnKeyFingerprint,
} from '../../features/settings';
import type { AuthUser } from '../../data/auth/authGateway';
import { useSessionStore } from '../../session/SessionContext';
import { resourceKeys } from '../../session/serverState/keys';
import { useAppServices } from '../AppServices';
import { passkeyDepsOf } from '../passkeyServices';
import { createPasskeySettingsApi, PasskeysSection } from '../../features/passkeys';
import { TwoFactorSection } from '../../features/mfa';
import { useMfaEnrolmentApi } from '../mfa/useMfaEnrolmentApi';
import { useMfaEnrolmentFlag } from '../mfa/MfaEnrolmentFlag';

type Open = 'changeEmail' | 'changeAccountPassword' | 'changeMasterPassword' | 'deleteAccount' | null;

/**
 * The account actions of Account Settings (docs/account.md) and the dialogs they open, composed
 * over the app's services for the signed-in user (null: none).
 */
export function useAccountDialogs(user: AuthUser | null): { readonly actions: AccountActions; readonly dialogs: ReactNode } {
  const services = useAppServices();
  const { auth, repositories, deviceCopy } = services;
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  const mfaFlag = useMfaEnrolmentFlag();
  const mfaApi = useMfaEnrolmentApi();
  const client = useQueryClient();
  const { onEnrolled } = mfaFlag;
  useEffect(
    () =>
      onEnrolled(() => {
        void client.invalidateQueries({ queryKey: resourceKeys.mfaFactors() });
      }),
    [onEnrolled, client],
  );
  const uid = user?.uid ?? null;
  const store = useSessionStore();
  const loadFingerprint = useMemo(
    () =>
      uid === null
        ? null
        : async (): Promise<OwnKeyFingerprint> => {
            const keys = store.keys();
            if (keys === null) throw new Error('The vault is locked');
            return loadOwnKeyFingerprint((await repositories()).publicKeys, uid, keys.privateKey);
          },
    [uid, repositories, store],
  );
  const masterPassword = useMemo(
    () =>
      uid === null
        ? null
        : createMasterPasswordApi({
            uid,
            loadUsers: async () => (await repositories()).users,
            notify: sendMasterPasswordChangeNotification,
          }),
    [uid, repositories],
  );
  const email = user?.email ?? null;
  const passkeys = useMemo(
    () => (uid === null ? null : createPasskeySettingsApi(passkeyDepsOf(services), { uid, email })),
    [uid, email, services],
  );
  const deletion = useMemo((): AccountDeletionApi | null => {
    if (uid === null) return null;
    // The repositories load on first use; the dialog asks for its team list when it opens.
    const service = repositories().then(({ users, teams }) =>
      createAccountDeletionApi({ uid, users, teams, functions: createAccountFunctions(), signOut: () => signOutQuietly(auth.deps) }),
    );
    // A failure surfaces through the dialog's calls, not as an unhandled rejection here.
    service.catch(() => undefined);
    return {
      listTeamsToDelete: async () => (await service).listTeamsToDelete(),
      deleteAccount: async (masterPassword) => (await service).deleteAccount(masterPassword),
    };
  }, [uid, repositories, auth]);
  if (user === null || masterPassword === null || deletion === null || loadFingerprint === null || passkeys === null) return { actions: {}, dialogs: null };

  const close = () => {
    setOpen(null);
  };
  const opener = (which: Exclude<Open, null>) => () => {
    setOpen(which);
  };
  const actions: AccountActions = {
    changeEmail: opener('changeEmail'),
    changeAccountPassword: opener('changeAccountPassword'),
    changeMasterPassword: opener('changeMasterPassword'),
    deleteAccount: opener('deleteAccount'),
    twoFactor: mfaApi === null ? undefined : <TwoFactorSection api={mfaApi} onAdd={mfaFlag.show} />,
    keyFingerprint: <KeyFingerprintSection load={loadFingerprint} />,
    passkeys: <PasskeysSection api={passkeys} />,
    deviceCopy: <DeviceCopySection service={deviceCopy} />,
    sendEmailVerification: (
      <SendVerificationButton
        emailVerified={user.emailVerified}
        sendCustomVerification={() => sendCustomEmailVerification(auth.deps.isDevelopment)}
        sendDefaultVerification={async () => (await auth.gateway()).sendVerificationEmail()}
      />
    ),
  };
  const dialogs = (
    <>
      <ChangeEmailDialog
        open={open === 'changeEmail'}
        currentEmail={user.email}
        sendEmailChange={(newEmail) => sendCustomEmailChange(newEmail, auth.deps.isDevelopment)}
        onClose={close}
        onSignOut={() => {
          close();
          offerRemovalAfterSignOut(deviceCopy);
          void signOutQuietly(auth.deps);
        }}
      />
      <ChangeAccountPasswordDialog
        open={open === 'changeAccountPassword'}
        changeAccountPassword={async (current, next) => (await auth.gateway()).changeAccountPassword(current, next)}
        onClose={close}
      />
      <ChangeMasterPasswordDialog open={open === 'changeMasterPassword'} onClose={close} api={masterPassword} />
      <DeleteAccountDialog
        open={open === 'deleteAccount'}
        onClose={close}
        api={deletion}
        onDeleted={() => {
          void removeAfterDeletion(deviceCopy, () => {
            void navigate('/', { replace: true });
          });
        }}
      />
    </>
  );
  return { actions, dialogs };
}
