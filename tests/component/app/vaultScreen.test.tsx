// Issue #21: one vault screen. The sidebar lists All items, Personal Passwords with its groups, and
// SPEC.md's team sections; All items spans every vault the user holds a key for; a vault opened
// once is not read or decrypted again while the keys are held; on a phone the sidebar is a drawer.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroup, savePassword } from '../../../src/features/vault/vaultService';
import type { MemoryRepositories } from '../../doubles/memoryRepositories';
import { expectConsoleError } from '../../support/consoleErrors';
import { openItem, paneOf } from '../../support/vaultList';
import { createTeamWorld, personalWriter, draft, renderTeamDashboard, storedTeam, teamWriter, UID, type TeamWorld } from './teamDashboard';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});


/** Personal 'Bank' (in group Work), Engineering (owner) with 'Deploy', Design (view only) with 'Figma', Sales (needs the key). */
async function seedVaults(repositories: MemoryRepositories) {
  const work = await createGroup(personalWriter(world, repositories), { name: 'Work', description: '' });
  await savePassword(personalWriter(world, repositories), draft('Bank', work.id));
  await savePassword(personalWriter(world, repositories), draft('Mail'));
  repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
  await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'));
  repositories.teams.put('design', await storedTeam(world, 'Design', 'view', 'key'));
  await savePassword(teamWriter(repositories, 'design', world.teamKey), draft('Figma'));
  repositories.teams.put('sales', await storedTeam(world, 'Sales', 'full', 'needsKey'));
}

/** Counts the vault reads: a vault read again would be decrypted again. */
function countReads(repositories: MemoryRepositories) {
  const reads = { personal: 0, teams: [] as string[] };
  const { passwords } = repositories;
  const readPersonal = passwords.watchPersonal.bind(passwords);
  const readTeam = passwords.watchTeam.bind(passwords);
  passwords.watchPersonal = (userId, watcher) => {
    reads.personal += 1;
    return readPersonal(userId, watcher);
  };
  passwords.watchTeam = (teamId, watcher) => {
    reads.teams.push(teamId);
    return readTeam(teamId, watcher);
  };
  return reads;
}

const sidebar = () => screen.getByRole('navigation', { name: 'Vaults' });
const main = () => screen.getByRole('main');

describe('the vault screen', () => {
  it('opens on All items: every vault the user holds a key for, in one list by title, counted in the sidebar', async () => {
    await renderTeamDashboard(world, seedVaults);
    const list = await within(main()).findByRole('list', { name: 'All items' });
    const titleOf = (item: HTMLElement) => document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent;
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem').map(titleOf)).toEqual(['Bank', 'Deploy', 'Figma', 'Mail']);
    });
    // Each row says where its entry lives, and its group in that vault.
    const row = (title: string) => within(list).getByRole('listitem', { name: title });
    expect(row('Bank')).toHaveTextContent('Personal');
    expect(row('Bank')).toHaveTextContent('Work');
    expect(row('Deploy')).toHaveTextContent('Engineering');
    expect(row('Figma')).toHaveTextContent('Design');
    await waitFor(() => {
      expect(within(sidebar()).getByRole('button', { name: /^All items/ })).toHaveTextContent('All items4');
    });
    expect(within(sidebar()).getByRole('button', { name: /^Personal Passwords/ })).toHaveTextContent('Personal Passwords2');
    expect(within(sidebar()).getByRole('listitem', { name: 'Engineering' })).toHaveTextContent('1 password');
    // The team that needs its key is listed with its badge, and nothing of it is in All items.
    expect(within(sidebar()).getByRole('listitem', { name: 'Sales' })).toHaveTextContent('Needs Key');
  });

  it('says where an entry lives only when a team’s vault is in view: no "Personal" on every row without one (issue #43)', async () => {
    await renderTeamDashboard(world, async (seeded) => {
      const work = await createGroup(personalWriter(world, seeded), { name: 'Work', description: '' });
      await savePassword(personalWriter(world, seeded), draft('Bank', work.id));
      await savePassword(personalWriter(world, seeded), draft('Mail'));
      // A team whose key the user does not hold yet: nothing of it is in view.
      seeded.teams.put('sales', await storedTeam(world, 'Sales', 'full', 'needsKey'));
    });
    const list = await within(main()).findByRole('list', { name: 'All items' });
    const bank = await within(list).findByRole('listitem', { name: 'Bank' });
    await within(list).findByRole('listitem', { name: 'Mail' });
    // The group still tells entries apart; the vault's name would not.
    expect(bank).toHaveTextContent('Work');
    expect(bank).not.toHaveTextContent('Personal');
    expect(within(list).getByRole('listitem', { name: 'Mail' })).not.toHaveTextContent('Personal');
    expect(await openItem('Bank')).not.toHaveTextContent('Personal');
  });

  it('searches every vault at once from All items', async () => {
    const { user } = await renderTeamDashboard(world, seedVaults);
    const list = await within(main()).findByRole('list', { name: 'All items' });
    await within(list).findByText('Figma');
    await user.type(within(main()).getByRole('searchbox', { name: 'Search passwords' }), 'FIG');
    await waitFor(() => {
      expect(within(list).queryByText('Deploy')).not.toBeInTheDocument();
    });
    expect(within(list).getByRole('button', { name: 'Figma' })).toBeInTheDocument();
    // The first match is selected: its pane shows where it lives.
    expect(paneOf('Figma')).toHaveTextContent('Design');
    await user.clear(within(main()).getByRole('searchbox', { name: 'Search passwords' }));
    await user.type(within(main()).getByRole('searchbox', { name: 'Search passwords' }), 'nothing like it');
    expect(await within(main()).findByText('No passwords match your search.')).toBeInTheDocument();
  });

  it('switching between vaults reads and decrypts each one once while the keys are held', async () => {
    let reads = { personal: 0, teams: [] as string[] };
    const { user } = await renderTeamDashboard(world, async (seeded) => {
      await seedVaults(seeded);
      reads = countReads(seeded);
    });
    await within(await within(main()).findByRole('list', { name: 'All items' })).findByText('Deploy');
    await user.click(within(sidebar()).getByRole('button', { name: 'View passwords of team Engineering' }));
    expect(await within(main()).findByRole('list', { name: 'Engineering passwords' })).toHaveTextContent('Deploy');
    await user.click(within(sidebar()).getByRole('button', { name: /^Personal Passwords/ }));
    expect(await within(main()).findByRole('list', { name: 'Personal passwords' })).toHaveTextContent('Bank');
    await user.click(within(sidebar()).getByRole('button', { name: 'View passwords of team Engineering' }));
    expect(await within(main()).findByRole('list', { name: 'Engineering passwords' })).toHaveTextContent('Deploy');
    await user.click(within(sidebar()).getByRole('button', { name: /^All items/ }));
    await within(await within(main()).findByRole('list', { name: 'All items' })).findByText('Deploy');
    expect(reads.personal).toBe(1);
    expect([...reads.teams].sort()).toEqual(['design', 'engineering']);
  });

  it('a group under Personal Passwords narrows the personal list to it', async () => {
    const { user } = await renderTeamDashboard(world, seedVaults);
    const groups = await within(sidebar()).findByRole('list', { name: 'Personal groups' });
    await user.click(within(groups).getByRole('button', { name: /^Work/ }));
    const list = await within(main()).findByRole('list', { name: 'Personal passwords' });
    await waitFor(() => {
      expect(within(list).queryByText('Mail')).not.toBeInTheDocument();
    });
    expect(within(list).getByText('Bank')).toBeInTheDocument();
    expect(within(groups).getByRole('button', { name: /^Work/ })).toHaveAttribute('aria-current', 'page');
    // The sidebar is the one place for groups (issue #43 item 6): no Group dropdown above the list,
    // and, with the vault on screen, 'All Passwords' and 'No Group' beside its groups.
    expect(within(main()).queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    await user.click(within(groups).getByRole('button', { name: /^No Group/ }));
    await waitFor(() => {
      expect(within(list).queryByText('Bank')).not.toBeInTheDocument();
    });
    expect(within(list).getByText('Mail')).toBeInTheDocument();
    await user.click(within(groups).getByRole('button', { name: /^All Passwords/ }));
    expect(await within(list).findByText('Bank')).toBeInTheDocument();
    expect(within(list).getByText('Mail')).toBeInTheDocument();
    expect(within(groups).getByRole('button', { name: /^Work/ })).not.toHaveAttribute('aria-current');
    expect(within(groups).getByRole('button', { name: /^All Passwords/ })).toHaveAttribute('aria-current', 'page');
  });

  it('a view-only team’s entries offer no edit or delete in All items; the owner’s team’s and personal ones do', async () => {
    const { user } = await renderTeamDashboard(world, seedVaults);
    const list = await within(main()).findByRole('list', { name: 'All items' });
    await within(list).findByText('Figma');
    let pane = await openItem('Deploy', user);
    await waitFor(() => {
      expect(within(pane).getByRole('button', { name: 'Edit Deploy' })).toBeInTheDocument();
    });
    expect(within(pane).getByRole('button', { name: 'Delete Deploy' })).toBeInTheDocument();
    pane = await openItem('Bank', user);
    expect(within(pane).getByRole('button', { name: 'Delete Bank' })).toBeInTheDocument();
    pane = await openItem('Figma', user);
    // The pane is open on Figma (its copy is there), without Edit or Delete.
    expect(within(pane).getByRole('button', { name: 'Copy password for Figma' })).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Edit Figma' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Delete Figma' })).not.toBeInTheDocument();
  });

  it('on a free plan past its trial the sidebar keeps Joined Teams only, and nothing personal is read', async () => {
    let reads = { personal: 0, teams: [] as string[] };
    await renderTeamDashboard(
      world,
      async (seeded) => {
        await seedVaults(seeded);
        reads = countReads(seeded);
      },
      { trialEndedDaysAgo: 1 },
    );
    expect(await screen.findByText('Upgrade to Access')).toBeInTheDocument();
    expect(within(sidebar()).queryByRole('button', { name: /^All items/ })).not.toBeInTheDocument();
    expect(within(sidebar()).queryByRole('heading', { name: 'My Teams' })).not.toBeInTheDocument();
    expect(await within(sidebar()).findByRole('listitem', { name: 'Design' })).toBeInTheDocument();
    expect(reads).toEqual({ personal: 0, teams: [] });
  });

  it('on a phone the sidebar is a drawer: its toggle opens it, a choice or Escape closes it, focus goes back', async () => {
    const { user } = await renderTeamDashboard(world, seedVaults);
    const toggle = await screen.findByRole('button', { name: 'Vaults and teams' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).not.toHaveClass('vault-sidebar--open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).toHaveClass('vault-sidebar--open');
    expect(sidebar()).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(within(sidebar()).getByRole('button', { name: /^Personal Passwords/ }));
    expect(sidebar()).not.toHaveClass('vault-sidebar--open');
    expect(await within(main()).findByRole('heading', { name: 'Personal Passwords' })).toBeInTheDocument();
  });

  it('a team whose key does not open is left out of All items and says why in its own view', async () => {
    expectConsoleError(/^Could not open the team key TeamKeyMismatchError: /);
    const { user } = await renderTeamDashboard(world, async (repositories) => {
      await seedVaults(repositories);
      repositories.teams.put('legal', await storedTeam(world, 'Legal', 'full', 'broken'));
    });
    const list = await within(main()).findByRole('list', { name: 'All items' });
    await within(list).findByText('Deploy');
    await user.click(within(sidebar()).getByRole('button', { name: 'View passwords of team Legal' }));
    expect(await within(main()).findByRole('heading', { name: 'Key access required' })).toBeInTheDocument();
  });
});

describe('a team whose role changed', () => {
  it('opened again, the team view reads the new role: a view-only member promoted to Full Access may edit', async () => {
    const { user, repositories } = await renderTeamDashboard(world, seedVaults);
    await user.click(await within(sidebar()).findByRole('button', { name: 'View passwords of team Design' }));
    let pane = await openItem('Figma', user);
    expect(within(pane).queryByRole('button', { name: 'Edit Figma' })).not.toBeInTheDocument();
    const stored = await repositories.teams.get('design');
    if (stored === null) throw new Error('no team');
    const me = stored.members[UID];
    if (me === undefined) throw new Error('no member');
    repositories.teams.put('design', { ...stored, members: { ...stored.members, [UID]: { ...me, role: 'full' } } });
    await user.click(within(sidebar()).getByRole('button', { name: /^All items/ }));
    await user.click(within(sidebar()).getByRole('button', { name: 'View passwords of team Design' }));
    expect(await within(main()).findByText('Your role: Full Access')).toBeInTheDocument();
    pane = await openItem('Figma', user);
    expect(await within(pane).findByRole('button', { name: 'Edit Figma' })).toBeInTheDocument();
  });
});

describe('All items for each role (SPEC.md §6)', () => {
  // What the pane offers on a team entry, by the user's role in its team.
  const ROLES = [
    { role: 'owner', edit: true, remove: true },
    { role: 'admin', edit: true, remove: true },
    { role: 'full', edit: true, remove: true },
    { role: 'view', edit: false, remove: false },
  ] as const;

  it('each team entry’s pane offers Edit and Delete as the role in its team allows, and says which team it is in', async () => {
    const { user } = await renderTeamDashboard(world, async (repositories) => {
      for (const { role } of ROLES) {
        // Team 'Squad-owner' (id 'squad-owner'), and so on.
        repositories.teams.put(`squad-${role}`, await storedTeam(world, `Squad-${role}`, role, 'key'));
        await savePassword(teamWriter(repositories, `squad-${role}`, world.teamKey), draft(`${role} entry`));
      }
    });
    const list = await within(main()).findByRole('list', { name: 'All items' });
    for (const { role, edit, remove } of ROLES) {
      await within(list).findByText(`${role} entry`);
      const pane = await openItem(`${role} entry`, user);
      await waitFor(() => {
        expect(within(pane).getByRole('button', { name: `Copy password for ${role} entry` })).toBeInTheDocument();
      });
      expect(pane).toHaveTextContent(`Squad-${role}`);
      await waitFor(() => {
        expect(within(pane).queryByRole('button', { name: `Edit ${role} entry` }) !== null).toBe(edit);
      });
      expect(within(pane).queryByRole('button', { name: `Delete ${role} entry` }) !== null).toBe(remove);
    }
  });
});
