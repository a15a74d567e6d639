import { describe, expect, it } from 'vitest';
import { call, newTeamId, newUser, refusal, teamIdsOf, wrappedKey } from './support';

// Issue #17 item 6: createTeam is idempotent for a retried request (docs/teams.md, "Contention and
// retries"). The 20-users-at-once case (60 concurrent calls) is not here: on a 2-core machine the
// Functions emulator fails to start the 60 workers it needs ("Failed to load function") before any
// transaction runs, so it measures the emulator, not the retry (functions/test/lib/contention.test.ts).

describe('createTeam retried (Auth + Functions + Firestore emulators)', () => {
  it('a retried createTeam after a lost reply (same teamId and key) succeeds without a second team', async () => {
    const owner = await newUser('contention-retry');
    const request = { teamId: newTeamId(), name: 'Ops', encryptedTeamKey: wrappedKey() };
    expect(refusal(await call('createTeam', request, owner))).toBeUndefined();
    expect(refusal(await call('createTeam', request, owner))).toBeUndefined();
    expect(await teamIdsOf(owner.uid)).toEqual([request.teamId]);
  });
});
