// usePublishOwnKey (src/features/teams/useTeamServices.ts): the user's public key is published once
// per record; a publish refused because the vault closed meanwhile (a logout: Firestore sends the
// commit on without the user's token) is not reported, one refused while it is open is.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Repositories } from '../../../src/data/repositories';
import type { StoredUserRecord } from '../../../src/data/users/userRecord';
import { usePublishOwnKey } from '../../../src/features/teams';
import { deferred } from '../../support/async';

const record = { publicKey: 'public-key-1' } as StoredUserRecord;

function repositoriesPublishing(answer: Promise<undefined>) {
  const publish = vi.fn(() => answer);
  return { repositories: { publicKeys: { publish } } as unknown as Repositories, publish };
}

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  logged.mockRestore();
});

describe('usePublishOwnKey', () => {
  it('publishes once per record, and reports a refusal while the vault is open', async () => {
    const answer = deferred<undefined>();
    const { repositories, publish } = repositoriesPublishing(answer.promise);
    const { rerender } = renderHook(() => {
      usePublishOwnKey(repositories, 'user-1', record, () => true);
    });
    rerender();
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledWith('user-1', 'public-key-1', expect.any(Number));
    const refused = new Error('Missing or insufficient permissions.');
    answer.reject(refused);
    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith('Could not publish the public key', refused);
    });
  });

  it('says nothing of a publish refused after the vault closed (a logout under way)', async () => {
    const answer = deferred<undefined>();
    const { repositories } = repositoriesPublishing(answer.promise);
    let open = true;
    renderHook(() => {
      usePublishOwnKey(repositories, 'user-1', record, () => open);
    });
    open = false;
    answer.reject(new Error('Missing or insufficient permissions.'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).not.toHaveBeenCalled();
  });
});
