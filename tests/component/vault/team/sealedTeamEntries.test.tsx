// Issue #18 item 2 in a team: a sealed entry is listed from its overview under the team key, and
// Show or Edit opens its details, bound to the team key version.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTeamKey, type TeamKey } from '../../../../src/crypto';
import { isSealedEntry } from '../../../../src/data/vault/storedEntries';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { TeamPasswordsView } from '../../../../src/features/vault/TeamPasswordsView';
import { savePassword, type TeamVaultDeps } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { openItem } from '../../../support/vaultList';

let teamKey: TeamKey;
beforeAll(async () => {
  teamKey = await generateTeamKey();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const repos = () => ({ passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() });

function deps(role: TeamRole, stores: ReturnType<typeof repos>, sealedFormat: boolean): TeamVaultDeps {
  return { ...stores, userId: `${role}-user`, team: { teamId: 'team-eng', key: teamKey, keyVersion: 2, role }, sealedFormat, now: () => Date.UTC(2026, 10, 25) };
}

async function sealedTeam() {
  const stores = repos();
  await savePassword(deps('owner', stores, true), { title: 'Deploy', url: null, notes: 'rotate monthly', username: 'deployer', password: 'ship-it', groupId: null });
  return stores;
}

function renderView(role: TeamRole, teamDeps: TeamVaultDeps) {
  const user = userEvent.setup();
  render(<TeamPasswordsView team={{ name: 'Engineering', memberCount: 3, role }} access={{ status: 'open', deps: teamDeps }} />);
  return user;
}

describe('sealed entries in a team vault', () => {
  it('a View Only member sees title and username from the overview and the password and notes after Show', async () => {
    const stores = await sealedTeam();
    const user = renderView('view', deps('view', stores, false));
    const row = await openItem('Deploy', user);
    expect(within(row).getByText('deployer')).toBeInTheDocument();
    expect(within(row).queryByText('rotate monthly')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Show password for Deploy' }));
    expect(await within(row).findByText('ship-it')).toBeInTheDocument();
    expect(within(row).getByText('rotate monthly')).toBeInTheDocument();
  });

  it('a Full Access member edits it: the form holds its details and the save stays sealed at the team key version', async () => {
    const stores = await sealedTeam();
    const user = renderView('full', deps('full', stores, false));
    const row = await openItem('Deploy', user);
    await user.click(within(row).getByRole('button', { name: 'Edit Deploy' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(within(form).getByLabelText('Password', { selector: 'input' })).toHaveValue('ship-it');
    await user.type(within(form).getByLabelText('Title'), ' key');
    await user.click(within(form).getByRole('button', { name: /^Save/ }));
    expect(await screen.findByRole('heading', { name: 'Deploy key' })).toBeInTheDocument();
    await waitFor(async () => {
      const [stored] = await stores.passwords.listTeam('team-eng');
      expect(stored && isSealedEntry(stored.data) && stored.data.keyVersion === 2 && stored.data.revision === 2).toBe(true);
    });
  });
});
