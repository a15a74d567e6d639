import { useMemo, useState, type ReactNode } from 'react';
import { sendCustomEmailChange } from '../../data/functions/accountFunctions';
import { sendCustomEmailVerification, sendMasterPasswordChangeNotification } from '../../data/functions/callables';
import { signOutQuietly } from '../../features/auth/flows/signIn';
import { ChangeAccountPasswordDialog, ChangeEmailDialog, SendVerificationButton } from '../../features/settings';
import type { AccountActions } from '../../features/settings/AccountSettingsDialog';
import { ChangeMasterPasswordDialog } from '../../features/settings/ChangeMasterPasswordDialog';
import { createMasterPasswordApi } from '../../features/settings/masterPasswordService';
import type { AuthUser } from '../../data/auth/authGateway';
import { useAppServices } from '../AppServices';

type Open = 'changeEmail' | 'changeAccountPassword' | 'changeMasterPassword' | null;

/**
 * The account actions of Account Settings (docs/account.md) and the dialogs they open, composed
 * over the app's services for the signed-in user (null: none).
 */
export function useAccountDialogs(user: AuthUser | null): { readonly actions: AccountActions; readonly dialogs: ReactNode } {
  const { auth, repositories } = useAppServices();
  const [open, setOpen] = useState<Open>(null);
  const uid = user?.uid ?? null;
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
  if (user === null || masterPassword === null) return { actions: {}, dialogs: null };

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
          void signOutQuietly(auth.deps);
        }}
      />
      <ChangeAccountPasswordDialog
        open={open === 'changeAccountPassword'}
        changeAccountPassword={async (current, next) => (await auth.gateway()).changeAccountPassword(current, next)}
        onClose={close}
      />
      <ChangeMasterPasswordDialog open={open === 'changeMasterPassword'} onClose={close} api={masterPassword} />
    </>
  );
  return { actions, dialogs };
}
