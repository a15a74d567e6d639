import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateTeamKey, teamKeyCheck, teamKeyCheckLabel, teamKeyMatchesCheck } from '../../../src/crypto';

// The key-check value of a team key (docs/teams.md, "Key checks"). Known answers come from
// node:crypto's HMAC over the exported raw key, independently of WebCrypto.

const binding = { teamId: 'team-a', keyVersion: 3 } as const;

async function rawOf(key: Awaited<ReturnType<typeof generateTeamKey>>): Promise<Buffer> {
  return Buffer.from(await globalThis.crypto.subtle.exportKey('raw', key.key));
}

describe('teamKeyCheck', () => {
  it('is HMAC-SHA256 of the label under the raw team key (node:crypto agrees)', async () => {
    const key = await generateTeamKey();
    const expected = createHmac('sha256', await rawOf(key)).update('keyloft/team-key-check/v1/team-a/3').digest('base64');
    expect(teamKeyCheckLabel(binding)).toBe('keyloft/team-key-check/v1/team-a/3');
    expect(await teamKeyCheck(key, binding)).toBe(expected);
    expect(expected).toHaveLength(44);
  });

  it('matches only the same key, team and version', async () => {
    const key = await generateTeamKey();
    const other = await generateTeamKey();
    const check = await teamKeyCheck(key, binding);
    expect(await teamKeyMatchesCheck(key, binding, check)).toBe(true);
    expect(await teamKeyMatchesCheck(other, binding, check)).toBe(false);
    expect(await teamKeyMatchesCheck(key, { teamId: 'team-b', keyVersion: 3 }, check)).toBe(false);
    expect(await teamKeyMatchesCheck(key, { teamId: 'team-a', keyVersion: 4 }, check)).toBe(false);
  });

  it('signs under each key its own HMAC key, made once per key (node:crypto agrees for each, in turn)', async () => {
    const [first, second] = [await generateTeamKey(), await generateTeamKey()];
    const label = 'keyloft/team-key-check/v1/team-a/3';
    const known = async (key: Awaited<ReturnType<typeof generateTeamKey>>) => createHmac('sha256', await rawOf(key)).update(label).digest('base64');
    // Alternating keys, and each key again: a kept HMAC key answers only for the key it was made from.
    for (const key of [first, second, first, second]) expect(await teamKeyCheck(key, binding)).toBe(await known(key));
    expect(await teamKeyCheck(first, binding)).not.toBe(await teamKeyCheck(second, binding));
  });

  it('never matches a malformed or truncated check', async () => {
    const key = await generateTeamKey();
    const check = await teamKeyCheck(key, binding);
    expect(await teamKeyMatchesCheck(key, binding, '')).toBe(false);
    expect(await teamKeyMatchesCheck(key, binding, 'not base64!')).toBe(false);
    expect(await teamKeyMatchesCheck(key, binding, check.slice(0, 40))).toBe(false);
  });
});
