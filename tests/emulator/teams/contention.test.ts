import { describe, expect, it } from 'vitest';
import { call, newTeamId, newUser, refusal, teamIdsOf, wrappedKey } from './support';

// Issue #17 item 6: createTeam keeps its transaction to its own documents, retries contention and
// is idempotent for a retried request (docs/teams.md, "Contention and retries"). Before, with 20
// users creating teams at once, most calls failed with INTERNAL (a transaction lock timeout) and
// the client did not retry.

describe('createTeam under contention (Auth + Functions + Firestore emulators)', () => {
  it('a retried createTeam after a lost reply (same teamId and key) succeeds without a second team', async () => {
    const owner = await newUser('contention-retry');
    const request = { teamId: newTeamId(), name: 'Ops', encryptedTeamKey: wrappedKey() };
    expect(refusal(await call('createTeam', request, owner))).toBeUndefined();
    expect(refusal(await call('createTeam', request, owner))).toBeUndefined();
    expect(await teamIdsOf(owner.uid)).toEqual([request.teamId]);
  });

  it('20 users create a team at the same moment: every call succeeds and each owner has exactly their team', async () => {
    const owners = await Promise.all(Array.from({ length: 20 }, (_, index) => newUser(`contention-${index}`)));
    const requests = owners.map((owner, index) => ({ owner, teamId: newTeamId(), name: `Team ${index}`, encryptedTeamKey: wrappedKey() }));
    const replies = await Promise.all(
      requests.map(({ owner, ...request }) => call('createTeam', request, owner)),
    );
    expect(replies.map(refusal)).toEqual(requests.map(() => undefined));
    for (const { owner, teamId } of requests) expect(await teamIdsOf(owner.uid)).toEqual([teamId]);
  }, 180_000);
});
