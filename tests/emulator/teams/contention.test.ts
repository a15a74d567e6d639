import { describe, expect, it } from 'vitest';
import { call, newTeamId, newUser, refusal, teamDoc, teamIdsOf, wrappedKey } from './support';

// Issue #17 item 6: with 20 users creating teams at once, 37 of 60 createTeam calls failed with
// INTERNAL (a transaction lock timeout) and nothing retried. The callables now retry contention
// with backoff (functions/src/lib/contention.ts), so every call succeeds, each team once.

describe('createTeam under contention (Auth + Functions + Firestore emulators)', () => {
  it('20 users creating 3 teams each, all at once: all 60 succeed, and each team exists once', { timeout: 420_000 }, async () => {
    const users = await Promise.all(Array.from({ length: 20 }, (_, index) => newUser(`contention-${index}`)));
    const calls = users.flatMap((user) => [0, 1, 2].map((index) => ({ user, teamId: newTeamId(), name: `Team ${index}` })));
    const started = Date.now();
    const replies = await Promise.all(calls.map(({ user, teamId, name }) => call('createTeam', { teamId, name, encryptedTeamKey: wrappedKey() }, user)));
    console.log(`60 createTeam calls took ${Date.now() - started} ms`);
    expect(replies.map(refusal).filter((failure) => failure !== undefined)).toEqual([]);
    for (const { user, teamId } of calls) expect((await teamDoc(teamId))?.ownerId).toBe(user.uid);
    for (const user of users) {
      const mine = calls.filter((entry) => entry.user === user).map((entry) => entry.teamId);
      expect([...((await teamIdsOf(user.uid)) as string[])].sort()).toEqual([...mine].sort());
    }
  });

  it('a retried createTeam after a lost reply (same teamId and key) succeeds without a second team', async () => {
    const owner = await newUser('contention-retry');
    const request = { teamId: newTeamId(), name: 'Ops', encryptedTeamKey: wrappedKey() };
    expect(refusal(await call('createTeam', request, owner))).toBeUndefined();
    expect(refusal(await call('createTeam', request, owner))).toBeUndefined();
    expect(await teamIdsOf(owner.uid)).toEqual([request.teamId]);
  });
});
