import { useMemo, useState, type ReactNode } from 'react';
import { sendMasterPasswordChangeNotification } from '../../data/functions/callables';
import type { AccountActions } from '../../features/settings/AccountSettingsDialog';
import { ChangeMasterPasswordDialog } from '../../features/settings/ChangeMasterPasswordDialog';
import { createMasterPasswordApi } from '../../features/settings/masterPasswordService';
import { useAppServices } from '../AppServices';

type Open = 'changeMasterPassword' | null;

/**
 * The account actions of Account Settings (docs/account.md) and the dialogs they open, composed
 * over the app's services for the signed-in user.
 */
export function useAccountDialogs(uid: string | null): { readonly actions: AccountActions; readonly dialogs: ReactNode } {
  const { repositories } = useAppServices();
  const [open, setOpen] = useState<Open>(null);
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
  if (uid === null || masterPassword === null) return { actions: {}, dialogs: null };
  const close = () => {
    setOpen(null);
  };
  const actions: AccountActions = {
    changeMasterPassword: () => {
      setOpen('changeMasterPassword');
    },
  };
  const dialogs = <ChangeMasterPasswordDialog open={open === 'changeMasterPassword'} onClose={close} api={masterPassword} />;
  return { actions, dialogs };
}
