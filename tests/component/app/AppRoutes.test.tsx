import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { aliceAccount } from '../auth/harness';
import { appAt, sessionIn, type AppSession } from './appAt';
import { fakeAppServices } from './fakeAppServices';
import { expectConsoleError } from '../../support/consoleErrors';

type Session = AppSession;
const signedOut: Session = 'signed-out';
const unlocked: Session = 'unlocked';
const locked: Session = 'locked';
const user = { uid: 'u1', email: 'ana@example.com', emailVerified: true, provider: 'password' } as const;

beforeAll(async () => {
  await aliceAccount();
});

/** `withVault`: the user has a record (a master password), as nearly every locked user has. */
async function renderAt(path: string, session: Session = signedOut, withVault = true) {
  const store = sessionIn(session, user);
  const repositories = memoryRepositories();
  if (withVault) await repositories.users.create(user.uid, await aliceAccount());
  return render(appAt(path, fakeAppServices({ store, repositories, uid: user.uid }), store));
}

async function heading(): Promise<string> {
  const h1 = await screen.findByRole('heading', { level: 1 });
  return h1.textContent;
}

describe('the route table of SPEC.md §2', () => {
  it.each([
    ['/', signedOut, 'Secure Password Management for Teams'],
    ['/dashboard', signedOut, 'Secure Password Management for Teams'],
    ['/dashboard', locked, 'Your vault is locked'],
    ['/', locked, 'Your vault is locked'],
    ['/', unlocked, 'Dashboard'],
    ['/dashboard', unlocked, 'Dashboard'],
    ['/billing', signedOut, 'Secure Password Management for Teams'],
    ['/billing', unlocked, 'Billing & Subscriptions'],
    ['/billing', locked, 'Your vault is locked'],
    ['/billing/success?session_id=cs_1', locked, 'Your vault is locked'],
    ['/privacy', locked, 'Privacy Policy'],
    ['/privacy', signedOut, 'Privacy Policy'],
    ['/terms', signedOut, 'Terms of Service'],
    ['/security', signedOut, 'How Keyloft Protects Your Passwords'],
    ['/billing/cancel', signedOut, 'Checkout cancelled'],
    ['/verify-email-change?token=t&newEmail=a%40b.c', signedOut, 'Confirming your new email'],
    ['/accept-invite?inviteId=i&secret=s', signedOut, 'Team Invitation'],
    ['/billing/success?session_id=cs_1', unlocked, 'Processing your subscription…'],
    ['/billing/success?session_id=cs_1', signedOut, 'Secure Password Management for Teams'],
    ['/no/such/page', signedOut, 'Page not found'],
  ] as const)('%s (%s) shows “%s”', async (path, session, title) => {
    // The page looks the invitation up at once; this table hands it no invitation callables.
    if (path.startsWith('/accept-invite')) expectConsoleError(/^Failed to load invitation details\. Error: lookupInvitation: no invitation callables in this test/);
    await renderAt(path, session);
    expect(await heading()).toBe(title);
  });

  it('opens the auth modal from navigation state and closes it again', async () => {
    const user = userEvent.setup();
    await renderAt('/privacy');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(within(dialog).getByRole('button', { name: 'Continue with email' })).toBeInTheDocument();
    expect(await heading()).toBe('Secure Password Management for Teams');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a locked session without a vault sets its master password on the lock screen, not in a dialog', async () => {
    await renderAt('/', locked, false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set Master Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm master password')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a locked user's Sign In on a public page opens the modal's 'Enter Master Password' step", async () => {
    const user = userEvent.setup();
    await renderAt('/privacy', locked);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Master Password' });
    expect(within(dialog).getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your vault is locked' })).not.toBeInTheDocument();
  });
});
