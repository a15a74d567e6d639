import type { AccountFunctions } from '../../data/functions/accountFunctions';
import type { TeamRepository } from '../../data/teams/storedTeams';
import type { UserRepository } from '../../data/users/userRecord';
import { masterPasswordOpens } from './masterPasswordCheck';

// Delete Account (SPEC.md §4 "Account deletion", §5 "Delete account"; docs/account-deletion.md):
// the master password must open the stored check value, then the server deletes everything, then
// the user is signed out and the caller navigates to '/'.

export const ACCOUNT_DELETION_MESSAGES = {
  title: 'Delete Account',
  confirm: 'Delete Account',
  invalidTitle: 'Invalid Master Password',
  invalid: 'Invalid master password. Please try again.',
  required: 'Master password is required to delete your account.',
  userDataNotFound: 'User data not found',
  failed: 'Failed to delete account. Please try again.',
  // What deleteAccount does at Stripe (functions/src/account/endBilling.ts: cancel now, prorate false).
  billing:
    'If you pay for a subscription, it is cancelled immediately: billing ends the moment your account is deleted, and there is no prorated refund for the rest of the period already paid.',
} as const;

/** The master password did not open the check value; nothing was deleted. */
export class InvalidMasterPasswordError extends Error {
  override readonly name = 'InvalidMasterPasswordError';
  constructor(options?: ErrorOptions) {
    super(ACCOUNT_DELETION_MESSAGES.invalid, options);
  }
}

export interface TeamToDelete {
  readonly id: string;
  readonly name: string;
}

export interface AccountDeletionApi {
  /** The teams the user owns, by name: they are deleted with the account. */
  listTeamsToDelete(): Promise<TeamToDelete[]>;
  /**
   * Checks the master password, deletes the account, signs out. Rejects with
   * InvalidMasterPasswordError (nothing deleted) or the server's error.
   */
  deleteAccount(masterPassword: string): Promise<void>;
}

export interface AccountDeletionDeps {
  readonly uid: string;
  readonly users: UserRepository;
  readonly teams: TeamRepository;
  readonly functions: AccountFunctions;
  /** Ends the session (forgets the keys) and signs out of Auth. */
  readonly signOut: () => Promise<void>;
}

export function createAccountDeletionApi(deps: AccountDeletionDeps): AccountDeletionApi {
  return {
    async listTeamsToDelete() {
      const teams = await deps.teams.listForMember(deps.uid);
      return teams
        .filter(({ data }) => data.ownerId === deps.uid && data.members[deps.uid]?.role === 'owner')
        .map(({ id, data }) => ({ id, name: data.name }));
    },

    async deleteAccount(masterPassword) {
      if (masterPassword === '') throw new Error(ACCOUNT_DELETION_MESSAGES.required);
      const record = await deps.users.get(deps.uid);
      if (record === null) throw new Error(ACCOUNT_DELETION_MESSAGES.userDataNotFound);
      if (!(await masterPasswordOpens(record, masterPassword))) throw new InvalidMasterPasswordError();
      await deps.functions.deleteAccount();
      try {
        await deps.signOut();
      } catch (error) {
        // The account is gone either way; the caller still leaves for '/'.
        console.error('Sign-out after account deletion failed', error);
      }
    },
  };
}
