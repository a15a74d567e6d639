// Issue #43 item 3: Import, Export and Password health from the sidebar's Tools, whatever is on
// screen (All items first, where the app opens), asking which vault when more than one fits and
// offering only the vaults the user may import into or export.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { savePassword } from '../../../src/features/vault/vaultService';
import type { MemoryRepositories } from '../../doubles/memoryRepositories';
import { paneOf } from '../../support/vaultList';
import { createTeamWorld, draft, renderTeamDashboard, storedTeam, teamWriter, UID, type TeamWorld } from './teamDashboard';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});

/** Personal 'Bank' and 'Weak' (password 'password'), Engineering (owner) with 'Deploy', Design (view only) with 'Figma', Sales (needs the key). */
async function seedVaults(repositories: MemoryRepositories) {
  const personal = { passwords: repositories.passwords, groups: repositories.groups, vaultKey: world.account.vaultKey, userId: UID, now: () => 1_000 };
  await savePassword(personal, draft('Bank'));
  await savePassword(personal, { ...draft('Weak'), password: 'password' });
  repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
  await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'));
  repositories.teams.put('design', await storedTeam(world, 'Design', 'view', 'key'));
  await savePassword(teamWriter(repositories, 'design', world.teamKey), draft('Figma'));
  repositories.teams.put('sales', await storedTeam(world, 'Sales', 'full', 'needsKey'));
}

const sidebar = () => screen.getByRole('navigation', { name: 'Vaults' });
const tools = () => within(sidebar()).getByRole('region', { name: 'Tools' });

/** Opens All items with every vault loaded (the tools wait for the vaults, as the vault's own buttons do). */
async function openAllItems() {
  const rendered = await renderTeamDashboard(world, seedVaults);
  const list = await within(screen.getByRole('main')).findByRole('list', { name: 'All items' });
  await within(list).findByText('Figma');
  await within(list).findByText('Deploy');
  await waitFor(() => {
    expect(within(tools()).getByRole('button', { name: 'Password health' })).toBeEnabled();
  });
  return rendered;
}

function choices(dialog: HTMLElement): string[] {
  return within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent ?? '');
}

describe('the sidebar’s tools', () => {
  it('Import from All items asks which vault, offering only those the user may add to', async () => {
    const { user } = await openAllItems();
    const importButton = within(tools()).getByRole('button', { name: 'Import' });
    expect(importButton).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(importButton);
    const chooser = await screen.findByRole('dialog', { name: 'Import into which vault?' });
    // Design is view only and Sales' key is not open: neither takes an import.
    expect(choices(chooser)).toEqual(['Personal Passwords', 'Engineering']);
    expect(within(chooser).getByRole('radio', { name: 'Personal Passwords' })).toBeChecked();
    await user.click(within(chooser).getByRole('radio', { name: 'Engineering' }));
    await user.click(within(chooser).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Passwords' });
    expect(screen.queryByRole('dialog', { name: 'Import into which vault?' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    // Back where the user started: All items, focus on the tool.
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'All items' })).toBeInTheDocument();
    expect(importButton).toHaveFocus();
  });

  it('Export asks which vault, offering a team only to its owner or admin; Cancel opens nothing', async () => {
    const { user } = await openAllItems();
    await user.click(within(tools()).getByRole('button', { name: 'Export' }));
    const chooser = await screen.findByRole('dialog', { name: 'Export which vault?' });
    expect(choices(chooser)).toEqual(['Personal Passwords', 'Engineering']);
    await user.click(within(chooser).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(tools()).getByRole('button', { name: 'Export' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Export which vault?' })).getByRole('button', { name: 'Continue' }));
    // The dialog loads its chunk first (a 'Loading…' dialog of the same name meanwhile).
    const field = await screen.findByLabelText('Master password', {}, { timeout: 10_000 });
    expect(field.closest('[role="dialog"]')).toHaveAccessibleName('Export Passwords');
  });

  it('Password health checks the chosen vault, and opening an entry shows it on All items', async () => {
    const { user } = await openAllItems();
    // From a team's screen the chooser starts on that team.
    await user.click(within(sidebar()).getByRole('button', { name: 'View passwords of team Design' }));
    await screen.findByRole('list', { name: 'Design passwords' });
    await user.click(within(tools()).getByRole('button', { name: 'Password health' }));
    let chooser = await screen.findByRole('dialog', { name: 'Check which vault?' });
    expect(choices(chooser)).toEqual(['Personal Passwords', 'Design', 'Engineering']);
    expect(within(chooser).getByRole('radio', { name: 'Design' })).toBeChecked();
    await user.click(within(chooser).getByRole('button', { name: 'Cancel' }));

    await user.click(within(sidebar()).getByRole('button', { name: /^All items/ }));
    await user.click(within(tools()).getByRole('button', { name: 'Password health' }));
    chooser = await screen.findByRole('dialog', { name: 'Check which vault?' });
    await user.click(within(chooser).getByRole('button', { name: 'Continue' }));
    const report = await screen.findByRole('dialog', { name: 'Password health: Personal Passwords' });
    // Listed as weak (and, the seed's entries being as old as they are, as old too).
    const [openWeak] = await within(report).findAllByRole('button', { name: 'Open Weak' }, { timeout: 15_000 });
    await user.click(openWeak!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'All items' })).toBeInTheDocument();
    await waitFor(() => {
      expect(paneOf('Weak')).toBeInTheDocument();
    });
  }, 30_000);
});
