import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import {
  deferred,
  fakeAcceptApi,
  PREVIEW,
  renderAcceptPage,
  sessionStore,
  settle,
  uniqueInviteId,
  userWith,
} from './harness';
import { expectConsoleError } from '../../support/consoleErrors';

const SUPPORT_EMAIL = 'support@keyloft.app';
// 43 base64url characters, as generateSharedSecret makes them.
const SECRET = 'dGhpcyBpcyBhIHRlc3Qgc2VjcmV0IG9mIDMyIGJ5dGU';

const withFragment = (inviteId: string, secret = SECRET) => `/accept-invite?inviteId=${inviteId}#secret=${secret}`;
const withQuery = (inviteId: string, secret = SECRET) => `/accept-invite?inviteId=${inviteId}&secret=${secret}`;
const withoutSecret = (inviteId: string) => `/accept-invite?inviteId=${inviteId}`;

/** A paragraph whose whole text (across inline elements) is `text`. */
function paragraph(text: string) {
  return screen.getByText((_content, element) => element?.tagName === 'P' && element.textContent === text);
}

function expectPageFrame() {
  const headings = screen.getAllByRole('heading', { level: 1 });
  expect(headings).toHaveLength(1);
  const main = screen.getByRole('main');
  expect(main).toHaveAttribute('id', 'main');
  expect(main).toContainElement(headings[0]!);
  expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  expect(screen.getByRole('link', { name: 'Keyloft' })).toHaveAttribute('href', '/');
  expect(document.title).toBe('Team Invitation – Keyloft');
}

async function expectError(message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  expectPageFrame();
}

/** What the marker page at / or /dashboard was reached with. */
function reachedState(): unknown {
  const text = screen.getByText(/^state: /).textContent;
  return JSON.parse(text.slice('state: '.length));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AcceptInvitePage: no invite id', () => {
  it.each([
    ['no query', '/accept-invite'],
    ['an empty invite id', '/accept-invite?inviteId='],
    ['only a secret', `/accept-invite?secret=${SECRET}`],
    ['only a fragment', `/accept-invite#secret=${SECRET}`],
  ])('shows the error and calls nothing for %s', async (_case, entry) => {
    const api = fakeAcceptApi();
    renderAcceptPage(entry, { api, store: sessionStore('unlocked') });
    await expectError('Invalid invitation link. No invitation ID provided.');
    await settle();
    expect(api.lookup).not.toHaveBeenCalled();
    expect(api.accept).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('goes home from Go to Home', async () => {
    const { user } = renderAcceptPage('/accept-invite', { api: fakeAcceptApi() });
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
  });
});

describe('AcceptInvitePage: loading the invitation', () => {
  it("shows 'Loading invitation...' while it is looked up, once despite StrictMode", async () => {
    const lookup = deferred<typeof PREVIEW>();
    const api = fakeAcceptApi();
    api.lookup.mockReturnValue(lookup.promise);
    const inviteId = uniqueInviteId();
    renderAcceptPage(withFragment(inviteId), { api });
    expect(screen.getByRole('status')).toHaveTextContent('Loading invitation...');
    await settle();
    expect(api.lookup).toHaveBeenCalledExactlyOnceWith(inviteId);
    expect(screen.getByRole('status')).toHaveTextContent('Loading invitation...');
    expectPageFrame();
    lookup.resolve(PREVIEW);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Found!' })).toBeInTheDocument();
  });

  it.each([
    ['missing', INVITATION_MESSAGES.notFound, 'This invitation does not exist or has been removed.'],
    ['no longer pending', INVITATION_MESSAGES.notValid, 'This invitation has already been accepted or is no longer valid.'],
  ])('shows the server message when the invitation is %s, without a retry', async (_case, serverMessage, shown) => {
    expectConsoleError(/^Failed to load invitation details\. Error: /);
    const api = fakeAcceptApi();
    api.lookup.mockRejectedValue(new Error(serverMessage));
    renderAcceptPage(withFragment(uniqueInviteId()), { api, store: sessionStore('unlocked') });
    await expectError(shown);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.accept).not.toHaveBeenCalled();
  });

  it("shows 'Failed to load invitation details.' for any other failure, and tries again on request", async () => {
    const logged = expectConsoleError(/^Failed to load invitation details\. Error: internal/);
    const api = fakeAcceptApi();
    api.lookup.mockRejectedValueOnce(new Error('internal'));
    const inviteId = uniqueInviteId();
    const { user } = renderAcceptPage(withFragment(inviteId), { api });
    await expectError('Failed to load invitation details.');
    expect(logged.calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Found!' })).toBeInTheDocument();
    expect(api.lookup).toHaveBeenCalledTimes(2);
    expect(api.lookup).toHaveBeenLastCalledWith(inviteId);
  });
});

describe('AcceptInvitePage: signed out, the invited address has an account', () => {
  it("says so and signs in with the invitation: 'Sign In' goes to / with the invite id, the fragment's secret and the email", async () => {
    const api = fakeAcceptApi({ email: 'bob@example.com', teamName: 'Acme', accountExists: true });
    const inviteId = uniqueInviteId();
    const { user } = renderAcceptPage(withFragment(inviteId), { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Found!' })).toBeInTheDocument();
    expect(paragraph('An account already exists for bob@example.com.')).toBeInTheDocument();
    expect(paragraph('Please sign in to accept this invitation.')).toBeInTheDocument();
    expectPageFrame();
    expect(document.body.innerHTML).not.toContain(SECRET);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    // The key travels only in the link, for accounts too: the secret comes back to the accept page after sign-in.
    expect(reachedState()).toEqual({ openModal: true, signup: false, inviteId, sharedSecret: SECRET, email: 'bob@example.com' });
    expect(api.accept).not.toHaveBeenCalled();
  });
});

describe('AcceptInvitePage: signed out, no account yet', () => {
  it("welcomes them to Keyloft and 'Create Account' goes to / with the invite id, the fragment's secret and the email", async () => {
    const api = fakeAcceptApi({ email: 'new@example.com', teamName: 'Acme Ops', accountExists: false });
    const inviteId = uniqueInviteId();
    const { user } = renderAcceptPage(withFragment(inviteId), { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Keyloft!' })).toBeInTheDocument();
    expect(paragraph("You've been invited to join Acme Ops.")).toBeInTheDocument();
    expect(paragraph("You'll need to create an account to accept this invitation.")).toBeInTheDocument();
    expectPageFrame();
    expect(document.body.innerHTML).not.toContain(SECRET);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeInTheDocument();
    expect(reachedState()).toEqual({ openModal: true, signup: true, inviteId, sharedSecret: SECRET, email: 'new@example.com' });
    expect(api.accept).not.toHaveBeenCalled();
  });

  it('reads the secret from the query when the link carries it there', async () => {
    const api = fakeAcceptApi({ email: 'new@example.com', teamName: 'Acme', accountExists: false });
    const inviteId = uniqueInviteId();
    const { user } = renderAcceptPage(withQuery(inviteId, 'querySecret'), { api });
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(reachedState()).toEqual({ openModal: true, signup: true, inviteId, sharedSecret: 'querySecret', email: 'new@example.com' });
  });

  it("prefers the fragment's secret to the query's", async () => {
    const api = fakeAcceptApi({ email: 'new@example.com', teamName: 'Acme', accountExists: false });
    const inviteId = uniqueInviteId();
    const { user } = renderAcceptPage(`/accept-invite?inviteId=${inviteId}&secret=querySecret#secret=fragmentSecret`, { api });
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(reachedState()).toMatchObject({ sharedSecret: 'fragmentSecret' });
  });

  it('carries no secret when the link has none', async () => {
    const api = fakeAcceptApi({ email: 'new@example.com', teamName: 'Acme', accountExists: false });
    const inviteId = uniqueInviteId();
    const { user } = renderAcceptPage(withoutSecret(inviteId), { api });
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(reachedState()).toEqual({ openModal: true, signup: true, inviteId, email: 'new@example.com' });
  });

  it("says 'a team' when the team has no name", async () => {
    const api = fakeAcceptApi({ email: 'new@example.com', teamName: '  ', accountExists: false });
    renderAcceptPage(withFragment(uniqueInviteId()), { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Keyloft!' })).toBeInTheDocument();
    expect(paragraph("You've been invited to join a team.")).toBeInTheDocument();
  });
});

describe('AcceptInvitePage: signed in as the invitee', () => {
  it.each([
    ['unlocked', 'the fragment', withFragment, SECRET],
    ['locked (a reloaded tab)', 'the query', withQuery, SECRET],
    ['unlocked', 'nowhere', withoutSecret, null],
  ] as const)(
    "when %s with the secret in %s: 'Accepting invitation...', accepts once, then the dashboard with 'Successfully joined the team!'",
    async (status, _where, entry, secret) => {
      const accepting = deferred<undefined>();
      const api = fakeAcceptApi();
      api.accept.mockReturnValue(accepting.promise);
      const inviteId = uniqueInviteId();
      renderAcceptPage(entry(inviteId), { api, store: sessionStore(status === 'unlocked' ? 'unlocked' : 'locked') });
      await waitFor(() => {
        expect(screen.getByRole('status')).toHaveTextContent('Accepting invitation...');
      });
      await settle();
      expect(api.accept).toHaveBeenCalledExactlyOnceWith(inviteId, secret);
      expectPageFrame();
      expect(document.body.innerHTML).not.toContain(SECRET);

      accepting.resolve(undefined);
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
      expect(screen.getByText('notice: Successfully joined the team!')).toBeInTheDocument();
      expect(screen.getByText('navigation: REPLACE')).toBeInTheDocument();
      expect(api.accept).toHaveBeenCalledOnce();
    },
  );

  it('a second mount for the same link while accepting joins the running accept instead of accepting again', async () => {
    const accepting = deferred<undefined>();
    const api = fakeAcceptApi();
    api.accept.mockReturnValue(accepting.promise);
    const inviteId = uniqueInviteId();
    const store = sessionStore('unlocked');
    renderAcceptPage(withFragment(inviteId), { api, store });
    await waitFor(() => {
      expect(api.accept).toHaveBeenCalledOnce();
    });
    renderAcceptPage(withFragment(inviteId), { api, store });
    await waitFor(() => {
      expect(screen.getAllByText('Accepting invitation...')).toHaveLength(2);
    });
    await settle();
    expect(api.lookup).toHaveBeenCalledTimes(2);
    expect(api.accept).toHaveBeenCalledOnce();
    accepting.resolve(undefined);
    await waitFor(() => {
      expect(screen.getAllByRole('heading', { level: 1, name: 'Dashboard page' })).toHaveLength(2);
    });
    expect(api.accept).toHaveBeenCalledOnce();
  });

  it('compares the addresses without regard to case', async () => {
    const api = fakeAcceptApi({ email: 'bob@example.com', teamName: 'Acme', accountExists: true });
    renderAcceptPage(withFragment(uniqueInviteId()), { api, store: sessionStore('unlocked', userWith('Bob@Example.COM')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(api.accept).toHaveBeenCalledOnce();
  });

  it('accepts once someone signs in while the page is open (another tab)', async () => {
    const api = fakeAcceptApi();
    const inviteId = uniqueInviteId();
    const { store } = renderAcceptPage(withFragment(inviteId), { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Found!' })).toBeInTheDocument();
    expect(api.accept).not.toHaveBeenCalled();
    act(() => {
      store.markLocked(userWith('bob@example.com'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(api.accept).toHaveBeenCalledExactlyOnceWith(inviteId, SECRET);
  });

  it('waits while the auth service has not said who is signed in, offering nothing meanwhile', async () => {
    const api = fakeAcceptApi();
    const inviteId = uniqueInviteId();
    const { store, setAuthPending } = renderAcceptPage(withFragment(inviteId), { api, authPending: true });
    await settle();
    expect(api.lookup).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('Loading invitation...');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    act(() => {
      store.markLocked(userWith('bob@example.com'));
    });
    await settle();
    expect(api.accept).not.toHaveBeenCalled();
    setAuthPending(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(api.accept).toHaveBeenCalledExactlyOnceWith(inviteId, SECRET);
  });
});

describe('AcceptInvitePage: signed in as someone else', () => {
  it.each([
    ['another address', 'ana@example.com'],
    ['no address', null],
  ])('shows the mismatch error for %s and accepts nothing', async (_case, email) => {
    const api = fakeAcceptApi({ email: 'bob@example.com', teamName: 'Acme', accountExists: true });
    renderAcceptPage(withFragment(uniqueInviteId()), { api, store: sessionStore('unlocked', userWith(email, 'uid-ana')) });
    await expectError(INVITATION_MESSAGES.wrongAccount);
    expect(
      paragraph(email === null ? 'This invitation is for bob@example.com.' : `This invitation is for bob@example.com; you are signed in as ${email}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await settle();
    expect(api.accept).not.toHaveBeenCalled();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });
});

describe('AcceptInvitePage: accepting fails', () => {
  it.each([
    ['already accepted', INVITATION_MESSAGES.notValid, false],
    ['removed meanwhile', INVITATION_MESSAGES.notFound, false],
    ['refused for the account', INVITATION_MESSAGES.wrongAccount, false],
    ['waiting for a verified address', INVITATION_MESSAGES.verifyFirst, true],
  ])('shows the server message when %s', async (_case, message, retry) => {
    expectConsoleError(/^Failed to accept invitation\. Please try again\. Error: /);
    const api = fakeAcceptApi();
    api.accept.mockRejectedValue(new Error(message));
    renderAcceptPage(withFragment(uniqueInviteId()), { api, store: sessionStore('unlocked') });
    await expectError(message);
    if (retry) expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    else expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to accept invitation. Please try again.' otherwise, logs without the secret, and accepts on retry", async () => {
    const logged = expectConsoleError(/^Failed to accept invitation\. Please try again\. Error: internal/);
    const logs = [
      vi.spyOn(console, 'warn').mockImplementation(() => undefined),
      vi.spyOn(console, 'log').mockImplementation(() => undefined),
      vi.spyOn(console, 'info').mockImplementation(() => undefined),
    ];
    const api = fakeAcceptApi();
    api.accept.mockRejectedValueOnce(new Error('internal'));
    const inviteId = uniqueInviteId();
    const { user } = renderAcceptPage(withFragment(inviteId), { api, store: sessionStore('unlocked') });
    await expectError('Failed to accept invitation. Please try again.');
    expect(api.accept).toHaveBeenCalledOnce();
    expect(logged.calls).toHaveLength(1);
    for (const calls of [logged.calls, ...logs.map((log) => log.mock.calls)]) {
      for (const args of calls) {
        expect(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack ?? ''}` : String(arg))).join(' ')).not.toContain(SECRET);
      }
    }

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(api.accept).toHaveBeenCalledTimes(2);
    expect(api.accept).toHaveBeenLastCalledWith(inviteId, SECRET);
  });
});

describe('AcceptInvitePage: a link reopened after the invitation was accepted (issue #17)', () => {
  it('says the user is already a member and opens the team on the dashboard, without accepting again', async () => {
    const api = fakeAcceptApi({ ...PREVIEW, alreadyMemberOf: 'team-acme' });
    renderAcceptPage(withFragment(uniqueInviteId()), { api, store: sessionStore('unlocked') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(screen.getByText('notice: You are already a member of Acme.')).toBeInTheDocument();
    expect(reachedState()).toEqual({ notice: 'You are already a member of Acme.', openTeamId: 'team-acme' });
    await settle();
    expect(api.accept).not.toHaveBeenCalled();
  });
});

describe('AcceptInvitePage: the first lookup ran before the session was known (issue #17)', () => {
  it("asks again as the signed-in user when told 'no longer valid', and opens the team they are in", async () => {
    expectConsoleError(/^Failed to load invitation details\. Error: This invitation has already been accepted or is no longer valid\./);
    const api = fakeAcceptApi();
    api.lookup
      .mockImplementationOnce(() => Promise.reject(new Error(INVITATION_MESSAGES.notValid)))
      .mockImplementationOnce(() => Promise.resolve({ ...PREVIEW, alreadyMemberOf: 'team-acme' }));
    const { store, setAuthPending } = renderAcceptPage(withFragment(uniqueInviteId()), { api, authPending: true });
    await settle();
    expect(api.lookup).toHaveBeenCalledOnce();
    act(() => {
      store.markLocked(userWith('bob@example.com'));
    });
    setAuthPending(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
    expect(reachedState()).toEqual({ notice: 'You are already a member of Acme.', openTeamId: 'team-acme' });
    expect(api.lookup).toHaveBeenCalledTimes(2);
    expect(api.accept).not.toHaveBeenCalled();
  });

  it("still says 'no longer valid' when the signed-in user is not in the team", async () => {
    expectConsoleError(/^Failed to load invitation details\. Error: This invitation has already been accepted or is no longer valid\./);
    const api = fakeAcceptApi();
    api.lookup.mockImplementation(() => Promise.reject(new Error(INVITATION_MESSAGES.notValid)));
    renderAcceptPage(withFragment(uniqueInviteId()), { api, store: sessionStore('unlocked') });
    await expectError(INVITATION_MESSAGES.notValid);
    expect(api.accept).not.toHaveBeenCalled();
  });
});
