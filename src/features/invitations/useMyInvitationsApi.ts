import { useMemo } from 'react';
import type { InvitationFunctions, InvitationRepository } from '../../data/invitations/storedInvitations';
import type { UserRepository } from '../../data/users/userRecord';
import { createMyInvitationsApi } from './invitationService';
import type { MyInvitationsApi } from './model';

export interface MyInvitationsInput {
  readonly invitations: InvitationRepository;
  readonly users: UserRepository;
  readonly functions: InvitationFunctions;
  readonly user: { readonly uid: string; readonly email: string | null; readonly emailVerified: boolean };
  /** A fresh ID token before accepting, so an address verified meanwhile counts. */
  readonly refreshIdToken: () => Promise<void>;
  /** What Auth's own user says of the address now (InvitationServiceDeps.authVerified). */
  readonly authVerified?: () => Promise<boolean>;
}

const clock = () => Date.now();

/** The header's invitations service for the signed-in user; null until the data layer is there. */
export function useMyInvitationsApi(input: MyInvitationsInput | null): MyInvitationsApi | null {
  const { invitations, users, functions, refreshIdToken, authVerified } = input ?? {};
  const uid = input?.user.uid;
  const email = input?.user.email ?? null;
  const emailVerified = input?.user.emailVerified ?? false;
  return useMemo(() => {
    if (invitations === undefined || users === undefined || functions === undefined || refreshIdToken === undefined || uid === undefined) return null;
    return createMyInvitationsApi({
      invitations,
      users,
      functions,
      currentUser: () => ({ uid, email, emailVerified }),
      refreshIdToken,
      ...(authVerified === undefined ? {} : { authVerified }),
      now: clock,
    });
  }, [invitations, users, functions, refreshIdToken, authVerified, uid, email, emailVerified]);
}
