// Issue #43: the signed-in header is one row on a phone, the logo and a Menu button that discloses
// SPEC.md's header buttons (dashboard, invitations with their count, billing, account settings,
// logout). jsdom applies no CSS: here the disclosure's state and behaviour, in Chromium its layout
// (tests/browser/vaultLayout.test.ts).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DashboardHeader } from '../../../src/app/dashboard/DashboardHeader';
import type { MyInvitationsApi } from '../../../src/features/invitations';
import { DEFAULT_AUTO_LOCK } from '../../../src/session/autoLock';
import { testServerState } from '../../support/serverState';
import { fakeMyInvitations, invitation, userWith } from '../invitations/harness';

function renderHeader(invitations: MyInvitationsApi | null) {
  const user = userEvent.setup();
  const onLogout = vi.fn();
  const { wrap } = testServerState();
  render(
    wrap(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          {['/dashboard', '/billing'].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <>
                  <DashboardHeader
                    user={userWith('bob@example.com')}
                    onLogout={onLogout}
                    loggingOut={false}
                    invitations={invitations}
                    planName="Trial"
                    autoLock={DEFAULT_AUTO_LOCK}
                    onAutoLockChange={vi.fn()}
                  />
                  <main>
                    <p>{path}</p>
                  </main>
                </>
              }
            />
          ))}
        </Routes>
      </MemoryRouter>,
    ),
  );
  return { user, onLogout };
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const nav = () => screen.getByRole('navigation', { name: 'Account' });

describe('the dashboard header (issue #43)', () => {
  it('shows the landing page’s logo beside the name, a link home', () => {
    renderHeader(null);
    const brand = within(screen.getByRole('banner')).getByRole('link', { name: 'Keyloft' });
    expect(brand).toHaveAttribute('href', '/dashboard');
    // The mark is decorative: the name is the link's name.
    expect(brand.querySelector('svg.public-logo')).toHaveAttribute('aria-hidden', 'true');
  });

  it('Menu discloses the header buttons; Escape closes it and gives focus back to Menu', async () => {
    const { user } = renderHeader(null);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-controls', nav().id);
    for (const name of ['Dashboard', 'Billing']) expect(within(nav()).getByRole('link', { name })).toBeInTheDocument();
    for (const name of ['Account Settings', 'Log out']) expect(within(nav()).getByRole('button', { name })).toBeInTheDocument();
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('banner')).toHaveClass('dashboard-header--menu-open');
    await user.click(within(nav()).getByRole('button', { name: 'Account Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Account Settings' });
    // Escape closes the dialog only; the menu stays open, so focus has its button to go back to.
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(settings).not.toBeInTheDocument();
    });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('button', { name: 'Account Settings' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes on a click outside it and when a link is followed', async () => {
    const { user } = renderHeader(null);
    await user.click(menuButton());
    await user.click(screen.getByRole('main'));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton());
    await user.click(within(nav()).getByRole('link', { name: 'Billing' }));
    expect(await screen.findByText('/billing')).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    // Billing is hidden on /billing (SPEC.md §2).
    expect(within(nav()).queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it("carries the pending invitations' count and '{n} pending invitation(s)' on Menu as on Invitations", async () => {
    const { api } = fakeMyInvitations([invitation({ id: 'inv-1' }), invitation({ id: 'inv-2', teamName: 'Ops' })]);
    renderHeader(api);
    await waitFor(() => {
      expect(menuButton()).toHaveAttribute('title', '2 pending invitation(s)');
    });
    expect(screen.getByRole('button', { name: 'Menu', description: '2 pending invitation(s)' })).toHaveTextContent('2');
    expect(within(nav()).getByRole('button', { name: 'Invitations', description: '2 pending invitation(s)' })).toBeInTheDocument();
    // One list read for both.
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('has no count on Menu without pending invitations', async () => {
    const { api } = fakeMyInvitations([]);
    renderHeader(api);
    await waitFor(() => {
      expect(api.list).toHaveBeenCalled();
    });
    expect(menuButton()).not.toHaveAttribute('title');
    expect(menuButton()).toHaveTextContent(/^Menu$/);
  });
});
