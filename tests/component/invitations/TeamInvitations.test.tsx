// The header's pending-invitations button and the 'Team Invitations' modal, over a fake
// MyInvitationsApi that holds the list the way the server would.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { deferred, fakeMyInvitations, invitation, renderInvitationsButton } from './harness';
import { expectConsoleError } from '../../support/consoleErrors';

const DAY = 24 * 60 * 60 * 1000;

const acme = invitation({ id: 'inv-acme', teamId: 'team-acme', teamName: 'Acme', role: 'full', invitedByEmail: 'ana@example.com' });
const ops = invitation({
  id: 'inv-ops',
  teamId: 'team-ops',
  teamName: 'Ops',
  role: 'view',
  invitedByEmail: null,
  expiresAt: Date.now() + 2 * DAY + 60_000,
});

function invitationsButton() {
  return screen.getByRole('button', { name: 'Invitations' });
}

async function openDialog(user: ReturnType<typeof renderInvitationsButton>['user']) {
  await user.click(invitationsButton());
  return screen.findByRole('dialog', { name: 'Team Invitations' });
}

function row(dialog: HTMLElement, teamName: string) {
  return within(within(dialog).getByRole('list', { name: 'Pending invitations' })).getByRole('listitem', { name: teamName });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Pending invitations button', () => {
  it("shows the count in a badge and '{n} pending invitation(s)' as its tooltip and description", async () => {
    const { api } = fakeMyInvitations([acme, ops]);
    renderInvitationsButton(api);
    await waitFor(() => {
      expect(invitationsButton()).toHaveAttribute('title', '2 pending invitation(s)');
    });
    expect(screen.getByRole('button', { name: 'Invitations', description: '2 pending invitation(s)' })).toBeInTheDocument();
    expect(within(invitationsButton()).getByText('2')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalled();
  });

  it("says '1 pending invitation(s)' for one", async () => {
    renderInvitationsButton(fakeMyInvitations([acme]).api);
    await waitFor(() => {
      expect(invitationsButton()).toHaveAttribute('title', '1 pending invitation(s)');
    });
    expect(within(invitationsButton()).getByText('1')).toBeInTheDocument();
  });

  it('has no badge and no tooltip when there are none', async () => {
    const { api } = fakeMyInvitations([]);
    renderInvitationsButton(api);
    await waitFor(() => {
      expect(api.list).toHaveBeenCalled();
    });
    expect(invitationsButton()).not.toHaveAttribute('title');
    expect(invitationsButton()).toHaveAccessibleDescription('');
    expect(invitationsButton()).toHaveTextContent(/^Invitations$/);
  });

  it('has no badge when the list cannot be read', async () => {
    expectConsoleError(/^Failed to load pending invitations\. /);
    const { api } = fakeMyInvitations([acme]);
    api.list.mockRejectedValue(new Error('The query requires an index'));
    renderInvitationsButton(api);
    await waitFor(() => {
      expect(api.list).toHaveBeenCalled();
    });
    expect(invitationsButton()).not.toHaveAttribute('title');
  });
});

describe('Team Invitations modal: the list', () => {
  it('lists each invitation with its team, role, inviter and expiry, newest first', async () => {
    const { api } = fakeMyInvitations([acme, ops]);
    const { user } = renderInvitationsButton(api);
    const dialog = await openDialog(user);
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName('Acme');
    expect(items[1]).toHaveAccessibleName('Ops');

    const first = row(dialog, 'Acme');
    expect(within(first).getByText('Role: Full Access')).toBeInTheDocument();
    expect(within(first).getByText('From ana@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Expires in 6 days')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Accept invitation to Acme' })).toBeEnabled();
    expect(within(first).getByRole('button', { name: 'Decline invitation to Acme' })).toBeEnabled();

    const second = row(dialog, 'Ops');
    expect(within(second).getByText('Role: View Only')).toBeInTheDocument();
    expect(within(second).queryByText(/^From /)).not.toBeInTheDocument();
    expect(within(second).getByText('Expires in 2 days')).toBeInTheDocument();
  });

  it('reads the list again when opened, so an invitation that arrived meanwhile is there', async () => {
    const world = fakeMyInvitations([acme]);
    const { user } = renderInvitationsButton(world.api);
    await waitFor(() => {
      expect(invitationsButton()).toHaveAttribute('title', '1 pending invitation(s)');
    });
    world.add(ops);
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('listitem', { name: 'Ops' })).toBeInTheDocument();
    expect(invitationsButton()).toHaveAttribute('title', '2 pending invitation(s)');
  });

  it('says so when there are none', async () => {
    const { user } = renderInvitationsButton(fakeMyInvitations([]).api);
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('You have no pending invitations.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows that it is loading until the first list arrives', async () => {
    const first = deferred<typeof acme[]>();
    const { api } = fakeMyInvitations([acme]);
    api.list.mockImplementation(() => first.promise);
    const { user } = renderInvitationsButton(api);
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('Loading invitations…')).toHaveAttribute('role', 'status');
    first.resolve([acme]);
    expect(await within(dialog).findByRole('listitem', { name: 'Acme' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading invitations…')).not.toBeInTheDocument();
  });

  it('shows the load failure of SPEC.md §8 with a way to try again', async () => {
    const logged = expectConsoleError(/^Failed to load pending invitations\. /);
    const { api } = fakeMyInvitations([acme]);
    api.list.mockRejectedValue(new Error('FAILED_PRECONDITION: The query requires an index'));
    const { user } = renderInvitationsButton(api);
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to load pending invitations. This might be due to missing database indexes.',
    );
    expect(logged.calls).toContainEqual([INVITATION_MESSAGES.pendingLoadFailed, expect.any(Error)]);

    api.list.mockImplementation(() => Promise.resolve([acme]));
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('listitem', { name: 'Acme' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(invitationsButton()).toHaveAttribute('title', '1 pending invitation(s)');
  });

  it('opens with focus on its content rather than on an Accept, and closes with focus back on the header button', async () => {
    const { api } = fakeMyInvitations([acme]);
    const { user } = renderInvitationsButton(api);
    const dialog = await openDialog(user);
    await within(dialog).findByRole('listitem', { name: 'Acme' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toHaveRole('button');
    await user.keyboard('{Enter}');
    expect(api.accept).not.toHaveBeenCalled();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(invitationsButton()).toHaveFocus();
  });
});

describe('Team Invitations modal: accepting', () => {
  it('accepts one invitation, with that row busy meanwhile, then reloads the list and the badge and reports the team joined', async () => {
    const world = fakeMyInvitations([acme, ops]);
    const accepting = deferred<undefined>();
    world.api.accept.mockImplementationOnce(async (inviteId) => {
      await accepting.promise;
      await world.answer(inviteId);
    });
    const { user, onJoined } = renderInvitationsButton(world.api);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Accept invitation to Acme' }));

    const busyRow = row(dialog, 'Acme');
    expect(busyRow).toHaveAttribute('aria-busy', 'true');
    expect(within(busyRow).getByRole('button', { name: 'Accepting invitation to Acme' })).toBeDisabled();
    expect(within(busyRow).getByRole('button', { name: 'Accepting invitation to Acme' })).toHaveTextContent('Accepting…');
    expect(within(busyRow).getByRole('button', { name: 'Decline invitation to Acme' })).toBeDisabled();
    // The other invitation can still be answered.
    expect(within(row(dialog, 'Ops')).getByRole('button', { name: 'Accept invitation to Ops' })).toBeEnabled();
    expect(world.api.accept).toHaveBeenCalledExactlyOnceWith('inv-acme');
    expect(onJoined).not.toHaveBeenCalled();

    const listsBefore = world.api.list.mock.calls.length;
    accepting.resolve(undefined);
    await waitFor(() => {
      expect(within(dialog).queryByRole('listitem', { name: 'Acme' })).not.toBeInTheDocument();
    });
    expect(world.api.list.mock.calls.length).toBeGreaterThan(listsBefore);
    expect(onJoined).toHaveBeenCalledExactlyOnceWith('team-acme');
    expect(within(dialog).getByText('You joined Acme.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(invitationsButton()).toHaveAttribute('title', '1 pending invitation(s)');
    // Focus stays in the modal when the answered row goes.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps a row busy from the shared mutation state: closed and opened again mid-answer, it is still busy and cannot be answered twice', async () => {
    const world = fakeMyInvitations([acme, ops]);
    const accepting = deferred<undefined>();
    world.api.accept.mockImplementationOnce(async (inviteId) => {
      await accepting.promise;
      await world.answer(inviteId);
    });
    const { user } = renderInvitationsButton(world.api);
    let dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Accept invitation to Acme' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openDialog(user);
    const busyRow = await within(dialog).findByRole('listitem', { name: 'Acme' });
    expect(busyRow).toHaveAttribute('aria-busy', 'true');
    expect(within(busyRow).getByRole('button', { name: 'Accepting invitation to Acme' })).toBeDisabled();
    expect(within(row(dialog, 'Ops')).getByRole('button', { name: 'Accept invitation to Ops' })).toBeEnabled();

    accepting.resolve(undefined);
    await waitFor(() => {
      expect(within(dialog).queryByRole('listitem', { name: 'Acme' })).not.toBeInTheDocument();
    });
    expect(world.api.accept).toHaveBeenCalledExactlyOnceWith('inv-acme');
  });

  it('shows the server refusal and the list as it is now', async () => {
    expectConsoleError(/^Failed to accept invitation\. Please try again\. Error: /);
    const world = fakeMyInvitations([acme, ops]);
    world.api.accept.mockImplementationOnce(() => Promise.reject(new Error(INVITATION_MESSAGES.notValid)));
    const { user, onJoined } = renderInvitationsButton(world.api);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Accept invitation to Acme' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invitation has already been accepted or is no longer valid.');
    expect(onJoined).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(within(row(dialog, 'Acme')).getByRole('button', { name: 'Accept invitation to Acme' })).toBeEnabled();
    });
  });

  it("shows 'Failed to accept invitation. Please try again.' for any other failure, and the row can be accepted again", async () => {
    const logged = expectConsoleError(/^Failed to accept invitation\. Please try again\. Error: internal/);
    const world = fakeMyInvitations([acme]);
    world.api.accept.mockImplementationOnce(() => Promise.reject(new Error('internal')));
    const { user, onJoined } = renderInvitationsButton(world.api);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Accept invitation to Acme' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to accept invitation. Please try again.');
    expect(logged.calls).toContainEqual([INVITATION_MESSAGES.acceptFailed, expect.any(Error)]);

    await user.click(await within(dialog).findByRole('button', { name: 'Accept invitation to Acme' }));
    expect(await within(dialog).findByText('You have no pending invitations.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(onJoined).toHaveBeenCalledExactlyOnceWith('team-acme');
    expect(invitationsButton()).not.toHaveAttribute('title');
  });
});

describe('Team Invitations modal: declining', () => {
  it('declines one invitation, busy meanwhile, then reloads without reporting a team joined', async () => {
    const world = fakeMyInvitations([acme, ops]);
    const declining = deferred<undefined>();
    world.api.decline.mockImplementationOnce(async (inviteId) => {
      await declining.promise;
      await world.answer(inviteId);
    });
    const { user, onJoined } = renderInvitationsButton(world.api);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Decline invitation to Ops' }));

    const busyRow = row(dialog, 'Ops');
    expect(within(busyRow).getByRole('button', { name: 'Declining invitation to Ops' })).toHaveTextContent('Declining…');
    expect(within(busyRow).getByRole('button', { name: 'Declining invitation to Ops' })).toBeDisabled();
    expect(within(busyRow).getByRole('button', { name: 'Accept invitation to Ops' })).toBeDisabled();
    expect(within(row(dialog, 'Acme')).getByRole('button', { name: 'Decline invitation to Acme' })).toBeEnabled();

    declining.resolve(undefined);
    await waitFor(() => {
      expect(within(dialog).queryByRole('listitem', { name: 'Ops' })).not.toBeInTheDocument();
    });
    expect(world.api.decline).toHaveBeenCalledExactlyOnceWith('inv-ops');
    expect(world.api.accept).not.toHaveBeenCalled();
    expect(onJoined).not.toHaveBeenCalled();
    expect(within(dialog).getByText('You declined the invitation to Ops.')).toBeInTheDocument();
    expect(invitationsButton()).toHaveAttribute('title', '1 pending invitation(s)');
  });

  it("shows 'Failed to decline invitation. Please try again.' when declining fails", async () => {
    expectConsoleError(/^Failed to decline invitation\. Please try again\. Error: unavailable/);
    const world = fakeMyInvitations([acme]);
    world.api.decline.mockImplementationOnce(() => Promise.reject(new Error('unavailable')));
    const { user } = renderInvitationsButton(world.api);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Decline invitation to Acme' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to decline invitation. Please try again.');
    expect(world.remaining()).toEqual(['inv-acme']);
    await waitFor(() => {
      expect(within(row(dialog, 'Acme')).getByRole('button', { name: 'Decline invitation to Acme' })).toBeEnabled();
    });
  });

  it('shows the server refusal when the invitation is gone', async () => {
    expectConsoleError(/^Failed to decline invitation\. Please try again\. Error: /);
    const world = fakeMyInvitations([acme]);
    world.api.decline.mockImplementationOnce(() => Promise.reject(new Error(INVITATION_MESSAGES.notFound)));
    const { user } = renderInvitationsButton(world.api);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Decline invitation to Acme' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invitation does not exist or has been removed.');
  });
});
