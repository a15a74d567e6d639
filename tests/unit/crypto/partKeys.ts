import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../../src/crypto';

/** The keys the sealed-part tests seal under: two team keys (the first's raw bytes for node:crypto) and a vault key. */
export interface PartKeys {
  readonly team: TeamKey;
  readonly otherTeam: TeamKey;
  readonly teamRaw: Uint8Array;
  readonly vault: VaultKey;
}

/** Makes them (a vault key costs a master-key derivation: once per test file, in its beforeAll). */
export async function partKeys(masterPassword: string): Promise<PartKeys> {
  const [team, otherTeam] = await Promise.all([generateTeamKey(), generateTeamKey()]);
  const teamRaw = new Uint8Array(await crypto.subtle.exportKey('raw', team.key));
  const { vaultKey: vault } = await createAccountKeys(masterPassword);
  return { team, otherTeam, teamRaw, vault };
}
