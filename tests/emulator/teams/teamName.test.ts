import { describe, expect, it } from 'vitest';
import { call, newTeamId, newUser, refusal, teamDoc, wrappedKey } from './support';

// Issue #16 item 5: a team name travels in invitation emails, so createTeam refuses one that looks
// like a link (src/domain/teamName.ts; the rules refuse the same on the owner's rename).

const LINK_LIKE = {
  status: 'INVALID_ARGUMENT',
  message: 'Team name cannot look like a web address (no "://", "www." or names such as example.com)',
};

describe('createTeam and link-like names (Auth + Functions + Firestore emulators)', () => {
  it('refuses a name with a URL, "www." or a domain, and creates nothing', async () => {
    const owner = await newUser('team-name-link');
    for (const name of ['Security notice: re-verify at https://evil.example/login', 'www.example', 'Support at login.COM']) {
      const teamId = newTeamId();
      expect(refusal(await call('createTeam', { teamId, name, encryptedTeamKey: wrappedKey() }, owner))).toEqual(LINK_LIKE);
      expect(await teamDoc(teamId)).toBeUndefined();
    }
  });

  it('creates a team whose name has dots and colons that form no link', async () => {
    const owner = await newUser('team-name-plain');
    const teamId = newTeamId();
    expect(refusal(await call('createTeam', { teamId, name: 'Ops: v2.0', encryptedTeamKey: wrappedKey() }, owner))).toBeUndefined();
    expect((await teamDoc(teamId))?.name).toBe('Ops: v2.0');
  });
});
