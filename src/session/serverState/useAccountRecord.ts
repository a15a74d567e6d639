import type { StoredUserRecord, UserRepository } from '../../data/users/userRecord';
import { resourceKeys } from './keys';
import { useResource } from './useResource';

export interface AccountRecord {
  /** false until the record has been read (or could not be). */
  readonly settled: boolean;
  /** null when it could not be read, or the user has none. */
  readonly record: StoredUserRecord | null;
  /** When it was read (epoch ms): what a plan's dates are compared with. */
  readonly readAt: number;
}

/**
 * The signed-in user's record (`resourceKeys.account`), read once for every screen that needs it
 * (the plan, the public key). A failed read is logged (as any resource's, not once its session has
 * ended) and answers null: each reader has its fallback (SPEC.md §4: the free plan).
 */
export function useAccountRecord(users: UserRepository | null, uid: string): AccountRecord {
  const { status, data, readAt } = useResource<StoredUserRecord | null>({
    key: resourceKeys.account(),
    read: users === null ? null : () => users.get(uid),
    failure: 'Could not read the subscription',
  });
  return { settled: status !== 'loading', record: status === 'failed' ? null : (data ?? null), readAt };
}
