// Issue #44 on the emulators: items of every kind (format 3) in a team go through a key rotation.
// The client re-seals each in format 3 under the new key version, the deployed finishKeyRotation
// drops the old key, and every remaining member opens each item whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { removeMember } from '../../../src/features/teams/teamService';
import { loadItems, openItem, saveItem } from '../../../src/features/vault/vaultService';
import { EVERY_KIND } from '../../support/itemFixtures';
import { person, teamOf, teamVault, type Person } from './people';

let owner: Person;
let bob: Person;
let cid: Person;
beforeAll(async () => {
  [owner, bob, cid] = await Promise.all([person('ir-owner'), person('ir-bob'), person('ir-cid')]);
}, 60_000);

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);

describe('items of every kind through a key rotation, on the emulators', () => {
  it('a removal rotates the key; every item is re-sealed in format 3 at the new version and opens whole for the members left', async () => {
    const teamId = await teamOf(owner, [bob, cid], 'full');
    const vault = await teamVault(bob, teamId);
    for (const item of EVERY_KIND) await saveItem(vault, item, { groupId: null });
    expect((await owner.deps.passwords.listTeam(teamId)).map(({ data }) => [data.format, data.keyVersion])).toEqual(EVERY_KIND.map(() => [3, 1]));

    await removeMember(owner.deps, teamId, cid.uid);
    expect(await owner.deps.teams.get(teamId)).toMatchObject({ keyVersion: 2, previousKey: null });
    expect((await owner.deps.passwords.listTeam(teamId)).map(({ data }) => [data.format, data.keyVersion])).toEqual(EVERY_KIND.map(() => [3, 2]));
    for (const member of [owner, bob]) {
      const deps = await teamVault(member, teamId);
      const opened = await Promise.all((await loadItems(deps)).map(({ entry }) => openItem(deps, entry)));
      expect(opened.sort(byTitle)).toEqual([...EVERY_KIND].sort(byTitle));
    }
  }, 180_000);
});
