import { useEffect, useMemo, useState } from 'react';
import { AcceptInvitePage, createAcceptInviteApi, type AcceptInviteApi } from '../features/invitations';
import { useSessionStore } from '../session/SessionContext';
import { useAppServices } from './AppServices';

/**
 * /accept-invite over the app's services. Looking an invitation up needs only the callable, so the
 * Firestore SDK loads only to accept; the page waits until the auth service has said who is
 * signed in, so a returning invitee is not offered a sign-in they do not need.
 */
export default function AcceptInviteRoute() {
  const { auth, repositories, invitationFunctions } = useAppServices();
  const store = useSessionStore();
  const [authSettled, setAuthSettled] = useState(false);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    auth.gateway().then(
      (gateway) => {
        if (cancelled) return;
        // The first call reports the user restored from the last visit, or none.
        stop = gateway.onUserChanged(() => {
          setAuthSettled(true);
        });
      },
      (error: unknown) => {
        console.error('The authentication service could not be loaded', error);
        if (!cancelled) setAuthSettled(true);
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [auth]);

  const api = useMemo(
    (): AcceptInviteApi => ({
      lookup: (inviteId) => invitationFunctions.lookupInvitation({ inviteId }),
      async accept(inviteId, secret) {
        const [gateway, loaded] = await Promise.all([auth.gateway(), repositories()]);
        const service = createAcceptInviteApi({
          invitations: loaded.invitations,
          users: loaded.users,
          functions: invitationFunctions,
          currentUser: () => {
            const state = store.getState();
            return state.status === 'signed-out' ? null : { uid: state.user.uid, email: state.user.email };
          },
          refreshIdToken: () => gateway.refreshIdToken(),
          now: () => Date.now(),
        });
        await service.accept(inviteId, secret);
      },
    }),
    [auth, repositories, invitationFunctions, store],
  );

  return <AcceptInvitePage api={api} authPending={!authSettled} />;
}
