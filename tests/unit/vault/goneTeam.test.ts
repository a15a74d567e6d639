import { describe, expect, it } from 'vitest';
import { refusedForGoneTeam } from '../../../src/features/vault/session/goneTeam';
import type { VaultDeps } from '../../../src/features/vault/vaultService';

const refused = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
const unreachable = Object.assign(new Error('Failed to get documents from server'), { code: 'unavailable' });

/** A team vault's deps as far as the check reads them: the team's key version as stored now. */
const teamDeps = (storedKeyVersion?: () => Promise<number | null>) => ({ team: { teamId: 't1', keyVersion: 1, storedKeyVersion } }) as unknown as VaultDeps;
const personalDeps = { userId: 'ana' } as unknown as VaultDeps;

describe('a refused team read, told apart from a fault', () => {
  it('is the team going away when the team is deleted', async () => {
    await expect(refusedForGoneTeam(teamDeps(() => Promise.resolve(null)), refused)).resolves.toBe(true);
  });

  it('is the team going away when the team itself is refused now (the user was removed, or signed out)', async () => {
    await expect(refusedForGoneTeam(teamDeps(() => Promise.reject(refused)), refused)).resolves.toBe(true);
  });

  it('is a fault while the team is still there for the user', async () => {
    await expect(refusedForGoneTeam(teamDeps(() => Promise.resolve(1)), refused)).resolves.toBe(false);
  });

  it('is a fault when the team cannot be read for another reason, or cannot be asked about', async () => {
    await expect(refusedForGoneTeam(teamDeps(() => Promise.reject(unreachable)), refused)).resolves.toBe(false);
    await expect(refusedForGoneTeam(teamDeps(), refused)).resolves.toBe(false);
  });

  it('is a fault when the read failed for any other reason, or was the personal vault’s', async () => {
    await expect(refusedForGoneTeam(teamDeps(() => Promise.resolve(null)), unreachable)).resolves.toBe(false);
    await expect(refusedForGoneTeam(personalDeps, refused)).resolves.toBe(false);
  });
});
