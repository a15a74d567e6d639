// A link to one item (`/dashboard?item=<id>`, the browser extension's "Open in the web vault",
// issue #45): the dashboard opens on All items and selects that item once its vault has loaded,
// a personal item or a team's alike; an id no vault holds selects nothing.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemLinkPath, itemToShow } from '../../../src/features/vault/itemLink';
import { savePassword } from '../../../src/features/vault/vaultService';
import type { MemoryRepositories } from '../../doubles/memoryRepositories';
import { createTeamWorld, draft, renderTeamDashboard, storedTeam, teamWriter, UID, type TeamWorld } from './teamDashboard';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});

/** Personal 'Bank' and 'Mail', Engineering's 'Deploy'; the ids by title. */
async function seed(repositories: MemoryRepositories, ids: Map<string, string>) {
  const personal = { passwords: repositories.passwords, groups: repositories.groups, vaultKey: world.account.vaultKey, userId: UID, now: () => 1_000 };
  for (const title of ['Bank', 'Mail']) ids.set(title, (await savePassword(personal, draft(title))).id);
  repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
  ids.set('Deploy', (await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'))).id);
}

async function openAt(path: (ids: Map<string, string>) => string) {
  const ids = new Map<string, string>();
  // The ids are the repository's: the address is known once the vaults are seeded, before the render.
  const options = { initialEntry: '' };
  await renderTeamDashboard(
    world,
    async (repositories) => {
      await seed(repositories, ids);
      options.initialEntry = path(ids);
    },
    options,
  );
  const list = await within(screen.getByRole('main')).findByRole('list', { name: 'All items' });
  await within(list).findByText('Deploy');
  return list;
}

describe('a link to one item of the web vault', () => {
  it('reads and writes the item parameter', () => {
    expect(itemLinkPath('a b/c')).toBe('/dashboard?item=a+b%2Fc');
    expect(itemToShow('?item=a+b%2Fc')).toBe('a b/c');
    expect(itemToShow('?item=')).toBeNull();
    expect(itemToShow('')).toBeNull();
  });

  it.each(['Mail', 'Deploy'])('opens All items with %s selected and its pane shown, focus on its heading', async (title) => {
    await openAt((ids) => itemLinkPath(ids.get(title)!));
    const heading = await screen.findByRole('heading', { level: 3, name: title });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(within(screen.getByRole('main')).getByRole('button', { name: title })).toHaveAttribute('aria-current', 'true');
  });

  it('an id no vault holds selects nothing', async () => {
    await openAt(() => itemLinkPath('not-an-item'));
    for (const title of ['Bank', 'Mail', 'Deploy']) expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
  });
});
