// Issue #18 item 3 on the emulators: a sealed team group is bound to the team key version, so a
// rotation must re-seal it. The deployed finishKeyRotation refuses to drop the old key while a sealed
// group is still at the old version (a client that does not re-seal groups loses nothing), and a run
// that has the groups repository re-seals it and finishes; every remaining member opens it after.
import { beforeAll, describe, expect, it } from 'vitest';
import { rotateIfNeeded } from '../../../src/features/teams/rotation';
import { removeMember } from '../../../src/features/teams/teamService';
import { createGroup, loadGroups } from '../../../src/features/vault/vaultService';
import { person, teamOf, teamVault, type Person } from './people';

let owner: Person;
let bob: Person;
let cid: Person;
beforeAll(async () => {
  [owner, bob, cid] = await Promise.all([person('sg-owner'), person('sg-bob'), person('sg-cid')]);
}, 60_000);

describe('sealed team groups through a key rotation, on the emulators', () => {
  it('the finish waits for the sealed group; a run with the groups repository re-seals it and finishes', async () => {
    const teamId = await teamOf(owner, [bob, cid], 'full');
    const created = await createGroup(await teamVault(owner, teamId), { name: 'Servers', description: 'prod' });
    expect((await owner.groups.listTeam(teamId))[0]?.data).toMatchObject({ format: 2, keyVersion: 1 });

    // A client without the groups repository rotates and re-encrypts the (no) entries; the server
    // refuses to drop the old key while the sealed group is at version 1.
    await expect(removeMember(owner.deps, teamId, cid.uid)).rejects.toThrow('Some team passwords are still encrypted with the previous team key');
    const halfway = await owner.deps.teams.get(teamId);
    expect(halfway).toMatchObject({ keyVersion: 2, previousKey: { version: 1 } });
    expect((await loadGroups(await teamVault(bob, teamId))).map((group) => [group.id, group.name, group.undecryptable ?? false])).toEqual([[created.id, 'Servers', false]]);

    await rotateIfNeeded({ ...owner.deps, groups: owner.groups }, teamId);
    expect(await owner.deps.teams.get(teamId)).toMatchObject({ keyVersion: 2, previousKey: null });
    expect((await owner.groups.listTeam(teamId))[0]?.data).toMatchObject({ format: 2, keyVersion: 2, revision: 2 });
    for (const member of [owner, bob]) {
      expect((await loadGroups(await teamVault(member, teamId))).map((group) => [group.name, group.description, group.undecryptable ?? false])).toEqual([['Servers', 'prod', false]]);
    }
    await expect(cid.groups.listTeam(teamId)).rejects.toMatchObject({ code: 'permission-denied' });
  }, 120_000);
});
