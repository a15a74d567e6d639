import { describe, expect, it } from 'vitest';
import { savesKeyVersion } from '../../../src/features/teams/useTeamAccess';

// A save refused while a departure awaits its rotation is told as a changed key (the team reloads),
// not as a missing permission (docs/teams.md, "The removal window").
describe('savesKeyVersion', () => {
  it('is the stored key version, or the next one while a rotation is needed; null without a team', () => {
    expect(savesKeyVersion({ keyVersion: 3, rotationNeeded: false })).toBe(3);
    expect(savesKeyVersion({ keyVersion: 3, rotationNeeded: true })).toBe(4);
    expect(savesKeyVersion(null)).toBeNull();
  });
});
