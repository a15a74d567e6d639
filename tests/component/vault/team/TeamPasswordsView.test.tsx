import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTeamKey, type TeamKey } from '../../../../src/crypto';
import { WriteRefusedError } from '../../../../src/data/vault/storedEntries';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { TeamPasswordsView, type TeamKeyAccess } from '../../../../src/features/vault/TeamPasswordsView';
import { createGroup, loadEntries, loadGroups, savePassword, type TeamVaultDeps } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { openItem } from '../../../support/vaultList';

let teamKey: TeamKey;
beforeAll(async () => {
  teamKey = await generateTeamKey();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const TEAM_ID = 'team-eng';
const entryDraft = (title: string, groupId: string | null = null) => ({
  title,
  url: null,
  notes: null,
  username: `${title.toLowerCase()}-user`,
  password: `${title}-secret`,
  groupId,
});

function deps(role: TeamRole, repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() }): TeamVaultDeps {
  return { ...repos, userId: `${role}-user`, team: { teamId: TEAM_ID, key: teamKey, keyVersion: 2, role }, now: () => Date.UTC(2026, 10, 21) };
}

/** A team with a 'Servers' group, 'Web' in it and 'Mail' in none, written by its owner. */
async function seededTeam() {
  const repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
  const owner = deps('owner', repos);
  const servers = await createGroup(owner, { name: 'Servers', description: '' });
  await createGroup(owner, { name: 'Backups', description: '' });
  await savePassword(owner, entryDraft('Web', servers.id));
  await savePassword(owner, entryDraft('Mail'));
  return { ...repos, servers };
}

function renderView(role: TeamRole, access: TeamKeyAccess, memberCount = 4) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <TeamPasswordsView
        team={{ name: 'Engineering', memberCount, role, description: 'Deploy keys and servers', createdAt: Date.UTC(2026, 0, 15, 12) }}
        access={access}
        teamActions={<button type="button">Team action</button>}
      />
    </StrictMode>,
  );
  return { user };
}

async function openView(role: TeamRole) {
  const { passwords, groups, servers } = await seededTeam();
  const teamDeps = deps(role, { passwords, groups });
  const rendered = renderView(role, { status: 'open', deps: teamDeps });
  await screen.findByText('Web');
  return { ...rendered, deps: teamDeps, passwords, groups, servers };
}

describe('Team password view (SPEC.md §2)', () => {
  it.each<[TeamRole, string]>([
    ['owner', 'Owner'],
    ['admin', 'Admin'],
    ['full', 'Full Access'],
  ])('the %s sees the header with their role, Add Password, Groups, edit and delete', async (role, label) => {
    const { user } = await openView(role);
    // The team's own header (issue #43 item 5): what the team list showed, its actions, and no way
    // back of its own (the sidebar is that).
    expect(screen.getByRole('heading', { name: 'Engineering' })).toBeInTheDocument();
    expect(screen.getByText('4 members')).toBeInTheDocument();
    expect(screen.getByText(`Your role: ${label}`)).toBeInTheDocument();
    expect(screen.getByText('Deploy keys and servers')).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute('datetime', '2026-01-15T12:00:00.000Z');
    expect(screen.getByText(/^Created/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Team action' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back to dashboard/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Password' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Groups' })).toBeEnabled();
    expect(screen.getByRole('list', { name: 'Engineering passwords' })).toBeInTheDocument();
    for (const title of ['Mail', 'Web']) {
      const pane = await openItem(title, user);
      expect(within(pane).getByRole('button', { name: `Edit ${title}` })).toBeInTheDocument();
      expect(within(pane).getByRole('button', { name: `Delete ${title}` })).toBeInTheDocument();
    }
    // Decrypted with the team key.
    await user.click(screen.getByRole('button', { name: 'Show password for Web' }));
    expect(await screen.findByText('Web-secret')).toBeInTheDocument();
  });

  it('View Only sees the list and copy, but no Add Password, Groups, edit or delete', async () => {
    const { user } = await openView('view');
    expect(screen.getByText('Your role: View Only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Groups' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Engineering passwords' })).toBeInTheDocument();
    const web = await openItem('Web', user);
    expect(within(web).queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(within(web).queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(within(web).getByRole('button', { name: 'Copy username for Web' })).toBeInTheDocument();
    expect(within(web).getByRole('button', { name: 'Copy password for Web' })).toBeInTheDocument();
    const mail = await openItem('Mail', user);
    expect(within(mail).queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    await user.click(within(mail).getByRole('button', { name: 'Show password for Mail' }));
    // Opening the details is a decryption: the password shows once it is done.
    expect(await within(mail).findByText('Mail-secret')).toBeInTheDocument();
  });

  it('a member who needs the key sees the key-access banner and nothing decrypted', () => {
    renderView('full', { status: 'needsKey' }, 1);
    expect(screen.getByRole('heading', { name: 'Engineering' })).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key access required' })).toBeInTheDocument();
    expect(screen.getByText(/An owner or admin of the team must grant you access/)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
  });

  it('says why when the key cannot be opened', () => {
    renderView('admin', { status: 'unavailable', message: 'Team key not available' });
    expect(screen.getByRole('alert')).toHaveTextContent('Team key not available');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('filters by All Passwords, No Group and the team’s groups (not personal ones)', async () => {
    const { user, groups } = await openView('full');
    await groups.create('personal-group', { name: 'My personal', userId: 'full-user', teamId: null, revision: 1, createdAt: 1, updatedAt: 1 });
    const filter = screen.getByRole('combobox', { name: 'Group' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All Passwords', 'No Group', 'Backups', 'Servers']);
    const list = screen.getByRole('list', { name: 'Engineering passwords' });
    await user.selectOptions(filter, 'Servers');
    expect(within(list).getByText('Web')).toBeInTheDocument();
    expect(within(list).queryByText('Mail')).not.toBeInTheDocument();
    await user.selectOptions(filter, 'No Group');
    expect(within(list).getByText('Mail')).toBeInTheDocument();
    expect(within(list).queryByText('Web')).not.toBeInTheDocument();
  });

  it('adds a password to a team group, stored sealed for the team at its key version', async () => {
    const { user, passwords, groups } = await openView('full');
    await user.click(screen.getByRole('button', { name: 'Add Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Password' });
    await user.type(within(dialog).getByLabelText('Title'), 'Deploy');
    await user.type(within(dialog).getByLabelText('Username'), 'ci');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'token-value');
    await user.selectOptions(within(dialog).getByLabelText('Group'), 'Servers');
    await user.click(within(dialog).getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText('Deploy')).toBeInTheDocument();
    const deploy = (await loadEntries(deps('full', { passwords, groups }))).find((entry) => entry.title === 'Deploy');
    const stored = (await passwords.listTeam(TEAM_ID)).find((entry) => entry.id === deploy?.id);
    expect(stored?.data).toMatchObject({ teamId: TEAM_ID, userId: 'full-user', keyVersion: 2, format: 2 });
    for (const typed of ['Deploy', 'token-value']) expect(JSON.stringify(stored?.data)).not.toContain(typed);
  });

  it('the group manager lists the team’s groups; deleting one moves its passwords to No Group', async () => {
    const { user, passwords, groups, servers } = await openView('admin');
    await user.click(screen.getByRole('button', { name: 'Groups' }));
    const manager = await screen.findByRole('dialog', { name: 'Groups' });
    expect(within(within(manager).getByRole('list', { name: 'Groups' })).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Backups',
      'Servers',
    ]);
    await user.click(within(manager).getByRole('button', { name: 'New Group' }));
    const form = await screen.findByRole('dialog', { name: 'New Group' });
    await user.type(within(form).getByLabelText('Name'), 'Databases');
    await user.click(within(form).getByRole('button', { name: /Save|Create/ }));
    await waitFor(async () => {
      expect((await loadGroups(deps('admin', { passwords, groups }))).map((group) => group.name)).toEqual(['Backups', 'Databases', 'Servers']);
    });
    expect((await groups.listTeam(TEAM_ID)).every((group) => group.data.userId === null)).toBe(true);

    await user.click(within(manager).getByRole('button', { name: 'Delete Servers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Group' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Delete Group' })).not.toBeInTheDocument();
    });
    expect((await groups.listTeam(TEAM_ID)).map((group) => group.id)).not.toContain(servers.id);
    expect((await loadEntries(deps('admin', { passwords, groups }))).find((entry) => entry.title === 'Web')?.groupId).toBeNull();
    await user.click(within(manager).getByRole('button', { name: 'Close' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'No Group');
    const list = screen.getByRole('list', { name: 'Engineering passwords' });
    expect(within(list).getByText('Web')).toBeInTheDocument();
    expect(within(list).getByText('Mail')).toBeInTheDocument();
  });

  it('a write the rules refuse shows the SPEC §6 message (add, then delete)', async () => {
    const { user, passwords } = await openView('full');
    vi.spyOn(passwords, 'create').mockRejectedValue(new WriteRefusedError('Missing or insufficient permissions'));
    vi.spyOn(passwords, 'delete').mockRejectedValue(new WriteRefusedError('Missing or insufficient permissions'));
    await user.click(screen.getByRole('button', { name: 'Add Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Password' });
    await user.type(within(dialog).getByLabelText('Title'), 'Refused');
    await user.type(within(dialog).getByLabelText('Username'), 'u');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'p');
    await user.click(within(dialog).getByRole('button', { name: /^Save/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You do not have permission to add passwords to this team');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await openItem('Mail', user);
    await user.click(screen.getByRole('button', { name: 'Delete Mail' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /^Delete/ }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('You do not have permission to delete passwords from this team');
  });
});
