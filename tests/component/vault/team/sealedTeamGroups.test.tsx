// Issue #18 item 3 in the team view with sealedFormat on: sealed team groups (bound to the team key
// version) show their opened names in the group filter and the group manager, and a new group is
// stored sealed at the team's key version.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTeamKey, openGroupOverview, SEALED_GROUP_FORMAT, type TeamKey } from '../../../../src/crypto';
import { isSealedGroup, type StoredSealedGroup } from '../../../../src/data/vault/storedEntries';
import { TeamPasswordsView } from '../../../../src/features/vault/TeamPasswordsView';
import { createGroup, savePassword, type TeamVaultDeps } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';

let teamKey: TeamKey;
beforeAll(async () => {
  teamKey = await generateTeamKey();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const TEAM_ID = 'team-eng';

describe('sealed team groups in the team view', () => {
  it('the filter and the manager show the opened names; a group made here is sealed at the team key version', async () => {
    const repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    const deps: TeamVaultDeps = { ...repos, userId: 'ana', team: { teamId: TEAM_ID, key: teamKey, keyVersion: 2, role: 'admin' }, sealedFormat: true, now: () => Date.UTC(2026, 10, 26) };
    const servers = await createGroup(deps, { name: 'Servers', description: 'racks' });
    const backups = await createGroup({ ...deps, sealedFormat: false }, { name: 'Backups', description: '' });
    const entry = { url: null, notes: null, username: 'root', password: 'secret' };
    await savePassword(deps, { ...entry, title: 'Web', groupId: servers.id });
    await savePassword(deps, { ...entry, title: 'Mail', groupId: null });
    const user = userEvent.setup();
    render(<TeamPasswordsView team={{ name: 'Engineering', memberCount: 3, role: 'admin' }} access={{ status: 'open', deps }} />);
    await screen.findByText('Web');

    const filter = screen.getByRole('combobox', { name: 'Group' });
    await waitFor(() => {
      expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All Passwords', 'No Group', 'Backups', 'Servers']);
    });
    await user.selectOptions(filter, 'Servers');
    const list = screen.getByRole('list', { name: 'Engineering passwords' });
    expect(within(list).getByText('Web')).toBeInTheDocument();
    expect(within(list).queryByText('Mail')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const manager = await screen.findByRole('dialog', { name: 'Groups' });
    const names = () => within(within(manager).getByRole('list', { name: 'Groups' })).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);
    expect(names()).toEqual(['Backups', 'Servers']);
    expect(within(manager).getByText('racks')).toBeInTheDocument();
    await user.click(within(manager).getByRole('button', { name: 'New Group' }));
    const form = await screen.findByRole('dialog', { name: 'New Group' });
    await user.type(within(form).getByLabelText('Name'), 'Databases');
    await user.click(within(form).getByRole('button', { name: 'Create Group' }));
    await waitFor(() => {
      expect(names()).toEqual(['Backups', 'Databases', 'Servers']);
    });
    // Backups, made in format 1, was sealed by the migration when the view loaded (an admin may).
    const stored = (await repos.groups.listTeam(TEAM_ID)).filter((group) => isSealedGroup(group.data));
    expect(stored).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toMatch(/Databases|Servers|racks|Backups/);
    const databases = stored.find((group) => group.id !== servers.id && group.id !== backups.id)!;
    expect(databases.data).toMatchObject({ format: 2, keyVersion: 2, userId: null, teamId: TEAM_ID });
    expect(await openGroupOverview(teamKey, { groupId: databases.id, keyVersion: 2, format: SEALED_GROUP_FORMAT }, (databases.data as StoredSealedGroup).sealed)).toEqual({
      name: 'Databases',
      description: null,
    });
  });
});
