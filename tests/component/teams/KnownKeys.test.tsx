// Fingerprints that survive, on screen (docs/teams.md, "Member key records", "Remembered
// fingerprints"): Grant Access says when the team vouches for a key the user never confirmed, and
// a rotation stopped at a damaged remembered key offers to confirm that member's key again.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fingerprintOf } from '../../../src/crypto';
import { ManageMembersDialog } from '../../../src/features/teams/ManageMembersDialog';
import type { TeamMembersApi } from '../../../src/features/teams/model';
import { testServerState } from '../../support/serverState';
import { makeAccounts, membersWorld, type Account, type MembersWorld, type Name } from './membersWorld';
import { expectConsoleError } from '../../support/consoleErrors';

let accounts: Record<Name, Account>;
beforeAll(async () => {
  ({ accounts } = await makeAccounts());
});

function renderMembers(api: TeamMembersApi, teamId: string) {
  const user = userEvent.setup();
  render(
    testServerState().wrap(
      <StrictMode>
        <ManageMembersDialog api={api} teamId={teamId} onClose={vi.fn()} onLeft={vi.fn()} />
      </StrictMode>,
    ),
  );
  return { user };
}

async function openModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Manage Team Members' });
  await within(dialog).findByRole('list', { name: 'Current members' });
  return dialog;
}

async function flagNeedsKey(world: MembersWorld, teamId: string, uid: string) {
  const team = await world.teams.get(teamId);
  world.teams.put(teamId, { ...team!, members: { ...team!.members, [uid]: { ...team!.members[uid]!, needsTeamKey: true, encryptedTeamKey: null } } });
}

describe('Grant Access by an admin who never shared with the member', () => {
  it('says an owner or admin of the team confirmed this key', async () => {
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'admin', another: 'full' });
    await flagNeedsKey(world, teamId, accounts.another.uid);
    const { user } = renderMembers(world.api('member'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Grant Access to cid@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Grant Access' });
    expect(within(confirm).getByText((await fingerprintOf(accounts.another.publicKey)).shown)).toBeInTheDocument();
    expect(confirm).toHaveTextContent('An owner or admin of this team confirmed this key for cid@example.com before.');
    expect(confirm).not.toHaveTextContent('You have not shared with');
  });
});

describe('a rotation stopped at a damaged remembered key', () => {
  it('names the problem, offers Confirm key, and rotates once the key is confirmed again', async () => {
    expectConsoleError(/^Failed to finish the team key rotation KnownKeyDamagedError: /);
    const world = membersWorld(accounts);
    const teamId = await world.team('Ops', { member: 'full', another: 'full' });
    // The owner's memory of bob no longer opens, and the team's record of bob vouches for nothing.
    world.knownKeysOf('owner').damage(accounts.member.uid);
    world.teams.forgeMemberKey(teamId, accounts.member.uid, { fingerprint: 'cc'.repeat(32), keyVersion: 1, check: `${'A'.repeat(43)}=`, confirmedBy: 'x', updatedAt: 1 });
    world.actAs('owner');
    await world.functions.removeTeamMember({ teamId, userId: accounts.another.uid });

    const { user } = renderMembers(world.api('owner'), teamId);
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate team key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The security key you remembered for bob@example.com cannot be read: the saved record is damaged. Nothing was shared.',
    );
    expect((await world.teams.get(teamId))?.keyVersion).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm key of bob@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Key' });
    expect(within(confirm).getByText((await fingerprintOf(accounts.member.publicKey)).shown)).toBeInTheDocument();
    expect(confirm).toHaveTextContent('the saved record is damaged');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Key' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Confirm Key' })).not.toBeInTheDocument();
    });

    await user.click(within(dialog).getByRole('button', { name: 'Rotate team key' }));
    await waitFor(() => {
      expect(within(dialog).queryByText(/A member left this team/)).not.toBeInTheDocument();
    });
    expect(await world.teams.get(teamId)).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null });
  });
});
