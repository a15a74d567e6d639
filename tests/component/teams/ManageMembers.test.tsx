// The 'Manage Team Members' modal with the real team service over the in-memory "server" and
// real keys for three accounts (owner ana, member bob, another cid).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_DESCRIPTIONS } from '@keyloft/contract/teamPermissions';
import { ManageMembersDialog } from '../../../src/features/teams/ManageMembersDialog';
import type { TeamMembersApi } from '../../../src/features/teams/model';
import { DecryptionError, fingerprintOf } from '../../../src/crypto';
import { ReencryptionError } from '../../../src/features/teams/rotation';
import { PublicKeyChangedError, openTeamKey } from '../../../src/features/teams/teamKeys';
import { resourceKeys } from '../../../src/session/serverState/keys';
import { staleWatch, testServerState } from '../../support/serverState';
import { makeAccounts, membersWorld, type Account, type MembersWorld, type Name } from './membersWorld';
import { expectConsoleError } from '../../support/consoleErrors';

let accounts: Record<Name, Account>;
let strangerPublicKey: string;
beforeAll(async () => {
  ({ accounts, strangerPublicKey } = await makeAccounts());
});

function renderMembers(api: TeamMembersApi, teamId: string) {
  const onClose = vi.fn();
  const onLeft = vi.fn();
  const user = userEvent.setup();
  const { client, wrap } = testServerState();
  // The dashboard's team list, held beside the modal: a change of members, roles or keys makes it stale.
  const onChanged = staleWatch(client, resourceKeys.teamList());
  render(
    wrap(
      <StrictMode>
        <ManageMembersDialog api={api} teamId={teamId} onClose={onClose} onLeft={onLeft} />
      </StrictMode>,
    ),
  );
  return { user, onClose, onChanged, onLeft };
}

async function openModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Manage Team Members' });
  await within(dialog).findByRole('list', { name: 'Current members' });
  return dialog;
}

function calls(world: MembersWorld, name: string) {
  return world.functions.calls.filter((call) => call.name === name);
}

async function storedTeam(world: MembersWorld, teamId: string) {
  const team = await world.teams.get(teamId);
  if (team === null) throw new Error('no team');
  return team;
}

function invitationCalls(world: MembersWorld, name: string) {
  return world.invitationFunctions.calls.filter((call) => call.name === name);
}

async function pendingList(dialog: HTMLElement) {
  return within(dialog).findByRole('list', { name: 'Pending invitations' });
}

async function invite(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, email: string) {
  await user.type(within(dialog).getByLabelText('Email'), email);
  await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
}

describe('Manage Team Members: the owner adds a member by invitation', () => {
  it('invites by link whether or not the address has an account: no fingerprint, nothing wrapped for an account; Send Email emails the link', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    expect(dialog).toHaveAccessibleDescription('Ops');
    expect(within(dialog).getByLabelText('Role')).toHaveDisplayValue('View Only');
    await invite(user, dialog, 'Bob@Example.com');

    // Bob has an account, and nothing says so: the same link step as for a stranger.
    const created = await screen.findByRole('dialog', { name: 'Invitation Created' });
    expect(screen.queryByRole('dialog', { name: 'Confirm New Member' })).not.toBeInTheDocument();
    const [call] = invitationCalls(world, 'inviteTeamMember');
    expect(call?.input).toEqual({ email: 'bob@example.com', teamId, role: 'view' });
    const [stored] = await world.invitations.listPendingForTeam(teamId);
    expect(stored?.data).toMatchObject({ email: 'bob@example.com', userId: null, encryptedTeamKey: null, keyVersion: 1 });
    expect(stored?.data.encryptedTeamKeyWithSecret).toEqual(expect.any(String));
    expect(world.invitationFunctions.emails).toEqual([]);

    const link = within(created).getByLabelText<HTMLInputElement>('Invitation link').value;
    await user.click(within(created).getByRole('button', { name: 'Send Email' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Invitation Created' })).not.toBeInTheDocument();
    });
    expect(within(dialog).getByText('Invitation sent to bob@example.com.')).toBeInTheDocument();
    const pending = await pendingList(dialog);
    await within(pending).findByText('bob@example.com');
    expect(pending).toHaveTextContent('View Only');
    expect(within(within(dialog).getByRole('list', { name: 'Current members' })).queryByText('bob@example.com')).not.toBeInTheDocument();
    expect(world.invitationFunctions.emails).toEqual([{ to: 'bob@example.com', inviteId: stored?.id, link }]);
    await waitFor(() => {
      expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    });

    // Bob accepts without the link: he is a View Only member who needs the key, granted after the
    // owner checks his fingerprint.
    world.actAs('member');
    await world.invitationFunctions.acceptInvitation({ inviteId: stored!.id });
    const team = await storedTeam(world, teamId);
    expect(team.members[accounts.member.uid]).toMatchObject({ role: 'view', needsTeamKey: true, encryptedTeamKey: null });
  });

  it('invites with the role chosen', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Admin');
    expect(dialog).toHaveTextContent(ROLE_DESCRIPTIONS.admin);
    await invite(user, dialog, 'cid@example.com');
    const created = await screen.findByRole('dialog', { name: 'Invitation Created' });
    await user.click(within(created).getByRole('button', { name: 'Send Email' }));
    const pending = await pendingList(dialog);
    await within(pending).findByText('cid@example.com');
    expect(pending).toHaveTextContent('Admin');
    expect((await world.invitations.listPendingForTeam(teamId))[0]?.data).toMatchObject({ email: 'cid@example.com', role: 'admin', keyVersion: 1 });
  });

  it('invites someone without an account: the owner emails the link or copies it', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await invite(user, dialog, 'new@example.com');
    const created = await screen.findByRole('dialog', { name: 'Invitation Created' });
    const link = within(created).getByLabelText<HTMLInputElement>('Invitation link').value;
    expect(link).toMatch(/^https:\/\/keyloft\.test\/accept-invite\?inviteId=\w+#secret=[A-Za-z0-9_-]{43}$/);
    expect(created).toHaveTextContent('No Keyloft server ever sees the secret');
    expect(world.invitationFunctions.emails).toEqual([]);
    await user.click(within(created).getByRole('button', { name: 'Send Email' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Invitation Created' })).not.toBeInTheDocument();
    });
    expect(world.invitationFunctions.emails).toEqual([{ to: 'new@example.com', inviteId: expect.any(String) as string, link }]);
    expect(within(dialog).getByText('Invitation sent to new@example.com.')).toBeInTheDocument();
    const pending = await pendingList(dialog);
    expect(await within(pending).findByText('new@example.com')).toBeInTheDocument();
    expect(pending).not.toHaveTextContent('No account yet');

    await invite(user, dialog, 'other@example.com');
    const second = await screen.findByRole('dialog', { name: 'Invitation Created' });
    const secondLink = within(second).getByLabelText<HTMLInputElement>('Invitation link').value;
    await user.click(within(second).getByRole('button', { name: 'Copy Link' }));
    expect(await within(second).findByText('Link copied. The clipboard is cleared in 30 seconds.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(secondLink);
    await user.click(within(second).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByText('other@example.com is invited. The invitation is valid for 7 days.')).toBeInTheDocument();
    // A copied link reached no server: only the first invitation was emailed.
    expect(world.invitationFunctions.emails).toHaveLength(1);
  });

  it('validates the email: required, shape, already a member; submit disabled while invalid', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'full' });
    const invites = invitationCalls(world, 'inviteTeamMember').length;
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    const email = within(dialog).getByLabelText('Email');
    const submit = within(dialog).getByRole('button', { name: 'Add Member' });
    expect(submit).toBeDisabled();

    await user.type(email, 'bob');
    await user.tab();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(submit).toBeDisabled();

    await user.clear(email);
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(email, 'BOB@example.com');
    expect(within(dialog).getByText('This email address is already a member of the team')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(email);
    await user.type(email, 'cid@example.com');
    expect(within(dialog).queryByText('This email address is already a member of the team')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    expect(invitationCalls(world, 'inviteTeamMember')).toHaveLength(invites);
  });

  it('shows the server’s refusal, or the generic message, and keeps what was typed', async () => {
    expectConsoleError(/^Failed to add member Error: /);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await invite(user, dialog, 'new@example.com');
    await user.click(within(await screen.findByRole('dialog', { name: 'Invitation Created' })).getByRole('button', { name: 'Send Email' }));
    await invite(user, dialog, 'NEW@example.com');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An invitation has already been sent to this email address');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('NEW@example.com');

    world.invitationFunctions.inviteTeamMember = () => Promise.reject(new Error('internal'));
    await user.clear(within(dialog).getByLabelText('Email'));
    await invite(user, dialog, 'cid@example.com');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to add member');
    expect(screen.queryByRole('dialog', { name: 'Invitation Created' })).not.toBeInTheDocument();
  });

  it('an inviter who does not hold the key sends the invitation without one: they join with Needs Key', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    const team = await storedTeam(world, teamId);
    const owner = team.members[accounts.owner.uid]!;
    world.teams.put(teamId, { ...team, members: { ...team.members, [accounts.owner.uid]: { ...owner, encryptedTeamKey: null, needsTeamKey: true } } });
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await invite(user, dialog, 'cid@example.com');
    expect(await within(dialog).findByText('Invitation sent to cid@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invitation Created' })).not.toBeInTheDocument();
    world.actAs('another');
    await world.invitationFunctions.acceptInvitation({ inviteId: world.invitationFunctions.emails[0]!.inviteId });
    expect((await storedTeam(world, teamId)).members[accounts.another.uid]).toMatchObject({ needsTeamKey: true, encryptedTeamKey: null });
  });
});

describe('Manage Team Members: pending invitations', () => {
  async function withInvitations(world: MembersWorld, teamId: string, emails: readonly string[]) {
    const owner = world.api('owner');
    for (const email of emails) await owner.invite(teamId, email, 'full');
  }

  it('owners and admins see them, newest first, and cancel one', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'admin' });
    await withInvitations(world, teamId, ['first@example.com', 'second@example.com']);
    const { user } = renderMembers(world.api('member'), teamId);
    const dialog = await openModal();
    const pending = await pendingList(dialog);
    expect(within(pending).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('second@example.com') as string,
      expect.stringContaining('first@example.com') as string,
    ]);
    expect(within(dialog).getByRole('heading', { name: 'Pending Invitations (2)' })).toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'Cancel invitation to first@example.com' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('heading', { name: 'Pending Invitations (1)' })).toHaveFocus();
    });
    expect((await world.invitations.listPendingForTeam(teamId)).map(({ data }) => data.email)).toEqual(['second@example.com']);
  });

  it('says when cancelling failed, and when they cannot be loaded', async () => {
    expectConsoleError(/^Failed to cancel invitation Error: offline/);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    await withInvitations(world, teamId, ['first@example.com']);
    world.invitations.remove = () => Promise.reject(new Error('offline'));
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    const pending = await pendingList(dialog);
    await user.click(within(pending).getByRole('button', { name: 'Cancel invitation to first@example.com' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to cancel invitation');
    expect(within(pending).getByText('first@example.com')).toBeInTheDocument();
  });

  it('shows the index hint when the list cannot be read', async () => {
    expectConsoleError(/^Failed to load pending invitations\. /);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    world.invitations.listPendingForTeam = () => Promise.reject(new Error('FAILED_PRECONDITION: The query requires an index'));
    renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to load pending invitations. This might be due to missing database indexes.',
    );
  });

  it('members who do not manage (full, view) do not see them', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'full' });
    await withInvitations(world, teamId, ['first@example.com']);
    renderMembers(world.api('member'), teamId);
    const dialog = await openModal();
    expect(within(dialog).queryByRole('heading', { name: /Pending Invitations/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('first@example.com')).not.toBeInTheDocument();
  });
});

describe('Manage Team Members: current members', () => {
  it('lists members with the owner first, role descriptions, and no leave for the owner', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'full', another: 'admin' });
    renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    const items = within(within(dialog).getByRole('list', { name: 'Current members' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('ana@example.com(you)Owner');
    expect(within(items[0]!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    for (const description of Object.values(ROLE_DESCRIPTIONS)) expect(dialog).toHaveTextContent(description);
    expect(within(dialog).queryByRole('button', { name: 'Leave team' })).not.toBeInTheDocument();
  });

  it('grants the key to a member who needs it, after showing the fingerprint', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    await world.addWithoutKey(teamId, 'another', 'view');
    const { user, onChanged } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    const cid = within(dialog).getByRole('listitem', { name: 'cid@example.com' });
    expect(within(cid).getByText('Needs Key')).toBeInTheDocument();

    await user.click(within(cid).getByRole('button', { name: 'Grant Access to cid@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Grant Access' });
    expect(within(confirm).getByText((await fingerprintOf(accounts.another.publicKey)).shown)).toBeInTheDocument();
    expect(calls(world, 'grantTeamKey')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Grant Access' }));

    await waitFor(() => {
      expect(within(dialog).queryByText('Needs Key')).not.toBeInTheDocument();
    });
    expect(within(dialog).queryByRole('button', { name: 'Grant Access to cid@example.com' })).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalled();
    const team = await storedTeam(world, teamId);
    expect((await openTeamKey(team, teamId, accounts.another.uid, accounts.another)).kind).toBe('team');
  });

  it('shows a failed grant', async () => {
    expectConsoleError(/^Failed to grant team key access Error: internal/);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops');
    await world.addWithoutKey(teamId, 'another', 'view');
    world.functions.grantTeamKey = () => Promise.reject(new Error('internal'));
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Grant Access to cid@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Grant Access' });
    await user.click(within(confirm).getByRole('button', { name: 'Grant Access' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Failed to grant team key access');
  });

  it('refuses to grant to a member whose key changed', async () => {
    expectConsoleError(/^Failed to grant team key access PublicKeyChangedError: /);
    const world = membersWorld(accounts);
    await world.team('Ops', { another: 'view' });
    const second = await world.team('Second');
    await world.addWithoutKey(second, 'another', 'view');
    world.publicKeys.replace(accounts.another.uid, strangerPublicKey);
    const grants = calls(world, 'grantTeamKey').length;
    const { user } = renderMembers(world.api('owner'), second);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Grant Access to cid@example.com' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new PublicKeyChangedError('cid@example.com').message);
    expect(screen.queryByRole('dialog', { name: 'Grant Access' })).not.toBeInTheDocument();
    expect(calls(world, 'grantTeamKey')).toHaveLength(grants);
  });

  it('says when the key is the one remembered from an earlier share', async () => {
    const world = membersWorld(accounts);
    await world.team('Ops', { another: 'view' });
    const second = await world.team('Second');
    await world.addWithoutKey(second, 'another', 'view');
    const { user } = renderMembers(world.api('owner'), second);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Grant Access to cid@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Grant Access' });
    expect(confirm).toHaveTextContent('This is the key you shared with before.');
  });

  it('changes a member’s role', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view' });
    const { user, onChanged } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.selectOptions(within(dialog).getByLabelText('Role of bob@example.com'), 'Full Access');
    await waitFor(async () => {
      expect((await storedTeam(world, teamId)).members[accounts.member.uid]?.role).toBe('full');
    });
    await waitFor(() => {
      expect(within(dialog).getByLabelText('Role of bob@example.com')).toBeEnabled();
    });
    expect(within(dialog).getByLabelText('Role of bob@example.com')).toHaveDisplayValue('Full Access');
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows a refused role change with the server’s message, or the generic one', async () => {
    expectConsoleError(/^Failed to update member role Error: /);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view' });
    world.functions.changeMemberRole = () => Promise.reject(new Error('Only owners and admins can change member roles'));
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.selectOptions(within(dialog).getByLabelText('Role of bob@example.com'), 'Admin');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only owners and admins can change member roles');
    expect(within(dialog).getByLabelText('Role of bob@example.com')).toHaveDisplayValue('View Only');

    world.functions.changeMemberRole = () => Promise.reject(new Error('internal'));
    await user.selectOptions(within(dialog).getByLabelText('Role of bob@example.com'), 'Admin');
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to update member role');
    });
  });

  it('removes a member after a confirmation that says the key is rotated; the key is at version 2 afterwards', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view', another: 'full' });
    const { user, onChanged } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Remove bob@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Member' });
    expect(confirm).toHaveTextContent('The team key will be rotated');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Remove Member' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Remove Member' })).not.toBeInTheDocument();
    });
    expect(within(dialog).queryByRole('listitem', { name: 'bob@example.com' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(within(dialog).getByRole('heading', { name: 'Current Members (2)' })).toHaveFocus();
    });
    expect(onChanged).toHaveBeenCalled();
    const team = await storedTeam(world, teamId);
    expect(team).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null });
    expect(team.members[accounts.member.uid]).toBeUndefined();
    // The remaining member opens the new key; the removed one has no wrap of it.
    expect((await openTeamKey(team, teamId, accounts.another.uid, accounts.another)).kind).toBe('team');
    expect(calls(world, 'rotateTeamKey')).toHaveLength(1);
  });

  it('shows the rotation’s progress while it runs', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view' });
    const real = world.api('owner');
    let release: () => void = () => undefined;
    const api: TeamMembersApi = {
      ...real,
      async remove(id, uid, onProgress) {
        onProgress?.({ phase: 'rotating', done: 0, total: 0 });
        await new Promise<void>((resolve) => {
          release = resolve;
          onProgress?.({ phase: 're-encrypting', done: 100, total: 250 });
        });
        await real.remove(id, uid, onProgress);
      },
    };
    const { user } = renderMembers(api, teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Remove bob@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Member' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove Member' }));
    expect(await within(confirm).findByRole('status')).toHaveTextContent('Re-encrypting 100 of 250');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Remove Member' })).not.toBeInTheDocument();
    });
  });

  it('shows a refused removal', async () => {
    expectConsoleError(/^Failed to remove member Error: internal/);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view' });
    world.functions.removeTeamMember = () => Promise.reject(new Error('internal'));
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Remove bob@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Member' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove Member' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Failed to remove member');
    expect(within(dialog).getByRole('listitem', { name: 'bob@example.com' })).toBeInTheDocument();
  });

  it('when the rotation after a removal fails, says so and offers to finish it', async () => {
    expectConsoleError(/^Failed to finish the team key rotation RotationIncompleteError: /);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view' });
    world.functions.failNextRotation = true;
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Remove bob@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Member' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove Member' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('bob@example.com was removed, but the team key rotation did not finish');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('heading', { name: 'Current Members (1)' })).toHaveFocus();
    });

    await user.click(within(dialog).getByRole('button', { name: 'Rotate team key' }));
    await waitFor(() => {
      expect(within(dialog).queryByText(/A member left this team/)).not.toBeInTheDocument();
    });
    expect(await storedTeam(world, teamId)).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null });
  });
});

describe('Manage Team Members: a pending rotation', () => {
  it('is offered to the owner after someone left, and finished from the notice', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view', another: 'full' });
    await world.api('member').leave(teamId);
    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    expect(dialog).toHaveTextContent('A member left this team.');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate team key' }));
    await waitFor(() => {
      expect(within(dialog).queryByText(/A member left this team/)).not.toBeInTheDocument();
    });
    expect(await storedTeam(world, teamId)).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null });
  });

  it('names an entry it could not re-encrypt and says what to do about it', async () => {
    expectConsoleError(/^Failed to finish the team key rotation ReencryptionError: /);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view', another: 'full' });
    await world.api('member').leave(teamId);
    const api: TeamMembersApi = {
      ...world.api('owner'),
      finishPendingRotation: () =>
        Promise.reject(
          new ReencryptionError([
            { id: 'entry-1', title: 'Printer', error: new DecryptionError() },
            { id: 'entry-2', title: 'Router', error: new Error('connection lost') },
          ]),
        ),
    };
    const { user } = renderMembers(api, teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate team key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Failed to re-encrypt password: entry-1 (and 1 more). “Printer” cannot be read with the team's keys: open the team's passwords, replace or delete it, then rotate the team key again.",
    );
    expect(within(dialog).getByRole('button', { name: 'Rotate team key' })).toBeEnabled();
  });

  it('is not shown to a member who is not owner or admin', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view', another: 'full' });
    await world.api('member').leave(teamId);
    renderMembers(world.api('another'), teamId);
    const dialog = await openModal();
    expect(dialog).not.toHaveTextContent('A member left this team.');
    expect(within(dialog).queryByRole('button', { name: 'Rotate team key' })).not.toBeInTheDocument();
  });
});

describe('Manage Team Members: what a member who does not manage sees', () => {
  for (const role of ['view', 'full'] as const) {
    it(`a ${role} member sees the members but no add form, role selects, grant or remove`, async () => {
      const world = membersWorld(accounts);
      const teamId = await world.team('Ops', { member: role });
      await world.addWithoutKey(teamId, 'another', 'view');
      renderMembers(world.api('member'), teamId);
      const dialog = await openModal();
      expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: /^Grant Access/ })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('listitem', { name: 'ana@example.com' })).toHaveTextContent('Owner');
      expect(within(dialog).getByRole('listitem', { name: 'bob@example.com' })).toHaveTextContent(role === 'view' ? 'View Only' : 'Full Access');
      expect(within(dialog).getByRole('listitem', { name: 'cid@example.com' })).toHaveTextContent('Needs Key');
      expect(within(dialog).getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
    });
  }

  it('an admin manages roles, grants and removal but cannot add, and has no controls on the owner or themselves', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'admin' });
    await world.addWithoutKey(teamId, 'another', 'view');
    renderMembers(world.api('member'), teamId);
    const dialog = await openModal();
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Role of cid@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Grant Access to cid@example.com' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove cid@example.com' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Role of bob@example.com')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove bob@example.com' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Role of ana@example.com')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove ana@example.com' })).not.toBeInTheDocument();
  });

  it('leaves the team after a confirmation', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view' });
    const { user, onLeft, onChanged } = renderMembers(world.api('member'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Team' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Leave Team' }));
    await waitFor(() => {
      expect(onLeft).toHaveBeenCalled();
    });
    expect(onChanged).toHaveBeenCalled();
    const team = await storedTeam(world, teamId);
    expect(team.memberIds).not.toContain(accounts.member.uid);
    expect(team.rotationNeeded).toBe(true);
  });

  it('cancelling leaving keeps the member', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'view' });
    const { user, onLeft } = renderMembers(world.api('member'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Team' });
    await user.keyboard('{Escape}');
    expect(confirm).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Manage Team Members' })).toBeInTheDocument();
    expect(onLeft).not.toHaveBeenCalled();
    expect(calls(world, 'leaveTeam')).toHaveLength(0);
  });
});
