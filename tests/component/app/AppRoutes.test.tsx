import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/AppRoutes';
import { SessionProvider } from '../../../src/session/SessionContext';
import type { SessionState } from '../../../src/session/sessionState';

const signedOut: SessionState = { status: 'signed-out' };
const unlocked: SessionState = { status: 'unlocked', uid: 'u1', email: 'ana@example.com' };
const pending: SessionState = { status: 'pending-third-party', uid: 'u1', email: 'ana@example.com' };

function renderAt(path: string, session: SessionState = signedOut) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider state={session}>
        <AppRoutes />
      </SessionProvider>
    </MemoryRouter>,
  );
}

async function heading(): Promise<string> {
  const h1 = await screen.findByRole('heading', { level: 1 });
  return h1.textContent;
}

describe('the route table of SPEC.md §2', () => {
  it.each([
    ['/', signedOut, 'Secure Password Management for Teams'],
    ['/dashboard', signedOut, 'Secure Password Management for Teams'],
    ['/dashboard', pending, 'Secure Password Management for Teams'],
    ['/', unlocked, 'Dashboard'],
    ['/dashboard', unlocked, 'Dashboard'],
    ['/billing', signedOut, 'Secure Password Management for Teams'],
    ['/billing', unlocked, 'Billing & Subscriptions'],
    ['/privacy', signedOut, 'Privacy Policy'],
    ['/terms', signedOut, 'Terms of Service'],
    ['/security', signedOut, 'How Keyloft Protects Your Passwords'],
    ['/billing/cancel', signedOut, 'Checkout cancelled'],
    ['/verify-email?mode=verifyEmail&oobCode=x', signedOut, 'Verify your email'],
    ['/reset-password?mode=resetPassword&oobCode=x', signedOut, 'Reset your password'],
    ['/verify-email-change?token=t&newEmail=a%40b.c', signedOut, 'Confirm your new email'],
    ['/accept-invite?inviteId=i&secret=s', signedOut, 'Team invitation'],
    ['/billing/success?session_id=cs_1', unlocked, 'Subscription'],
    ['/no/such/page', signedOut, 'Page not found'],
  ] as const)('%s (%o) shows “%s”', async (path, session, title) => {
    renderAt(path, session);
    expect(await heading()).toBe(title);
  });

  it('opens the auth modal from navigation state and closes it again', async () => {
    const user = userEvent.setup();
    renderAt('/privacy');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(dialog).toHaveTextContent('Accounts are not open yet');
    expect(await heading()).toBe('Secure Password Management for Teams');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
