import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { fakeAuthModal, renderPublicRoutes } from './harness';

describe('LandingPage content', () => {
  it('shows the hero, the three feature blurbs and the call to action', () => {
    renderPublicRoutes('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Password Management for Teams' })).toBeInTheDocument();
    for (const title of ['Enterprise Security', 'Team Collaboration', 'Easy to Use']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Get Started Free' })).toBeInTheDocument();
    expect(screen.getByText('No credit card required!')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('14-day trial of the Unlimited plan');
  });

  it('describes the features truthfully', () => {
    renderPublicRoutes('/');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('AES-256-GCM in your browser');
    expect(main).toHaveTextContent('Owner, Admin, Full Access and View Only');
    expect(main).toHaveTextContent(/search.*generator.*groups/i);
  });

  it('has exactly one h1 and the page landmarks', () => {
    renderPublicRoutes('/');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  });

  it('shows the copyright year 2025, not the current year', () => {
    renderPublicRoutes('/');
    expect(within(screen.getByRole('contentinfo')).getByText('© 2025 Keyloft')).toBeInTheDocument();
  });

  it('has a security section that summarises the model and links to /security', async () => {
    const { user } = renderPublicRoutes('/');
    const section = screen.getByRole('region', { name: 'Only you can read your passwords' });
    expect(section).toHaveTextContent('Argon2id (64 MiB of memory, 3 passes)');
    expect(section).toHaveTextContent('we cannot recover it');
    await user.click(within(section).getByRole('link', { name: /encryption works/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'How Keyloft Protects Your Passwords' })).toBeInTheDocument();
    expect(screen.getByText('path: /security')).toBeInTheDocument();
  });

  it('shows an illustrative vault mock-up, hidden from assistive technology, and labelled as such', () => {
    renderPublicRoutes('/');
    const figure = screen.getByRole('figure', { name: /Illustrative mock-up of the Keyloft vault/ });
    expect(figure.querySelector('img')).toBeNull();
    expect(within(figure).getByText('Office Wi-Fi').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows placeholder testimonials attributed to generic roles only', () => {
    renderPublicRoutes('/');
    const section = screen.getByRole('region', { name: 'What teams say' });
    expect(within(section).getByText(/Placeholder quotes/)).toBeInTheDocument();
    expect(within(section).getByText('Team lead, 8-person agency')).toBeInTheDocument();
    expect(within(section).getAllByRole('blockquote')).toHaveLength(3);
  });

  it('skip link moves focus to the main content', async () => {
    const { user } = renderPublicRoutes('/');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByText('path: /')).toBeInTheDocument();
  });

  it('footer links go to the privacy policy and the terms', async () => {
    const { user } = renderPublicRoutes('/');
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of Service' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('brand link goes home', async () => {
    const { user } = renderPublicRoutes('/terms');
    await user.click(screen.getByRole('link', { name: 'Keyloft' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Password Management for Teams' })).toBeInTheDocument();
  });
});

describe('LandingPage auth modal requests', () => {
  it('opens nothing without navigation state', () => {
    const { renderAuthModal } = renderPublicRoutes('/');
    expect(renderAuthModal).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Sign Up', true],
    ['Sign In', false],
    ['Get Started Free', true],
  ] as const)('%s sets the state for a signup=%s modal', async (name, signup) => {
    const { user, renderAuthModal } = renderPublicRoutes('/');
    await user.click(screen.getByRole('button', { name }));
    expect(renderAuthModal).toHaveBeenLastCalledWith({ openModal: true, signup }, expect.any(Function));
    expect(screen.getByText(`state: ${JSON.stringify({ openModal: true, signup })}`)).toBeInTheDocument();
    expect(screen.getByText('path: /')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: signup ? 'Create your account' : 'Sign in' })).toBeInTheDocument();
  });

  it('close clears the state and the modal goes away', async () => {
    const { user, renderAuthModal } = renderPublicRoutes('/');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    vi.mocked(renderAuthModal).mockClear();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('state: null')).toBeInTheDocument();
    expect(screen.getByText('path: /')).toBeInTheDocument();
    expect(renderAuthModal).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus());
  });

  it('passes invite data from the state (the invitation page) to the modal', () => {
    const state = authModalState(true, { inviteId: 'inv-1', sharedSecret: 'c2VjcmV0', email: 'new@example.com' });
    const { renderAuthModal } = renderPublicRoutes({ pathname: '/', state });
    expect(renderAuthModal).toHaveBeenCalledWith(
      { openModal: true, signup: true, inviteId: 'inv-1', sharedSecret: 'c2VjcmV0', email: 'new@example.com' },
      expect.any(Function),
    );
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toHaveTextContent('new@example.com');
  });

  it('ignores malformed state', () => {
    const { renderAuthModal } = renderPublicRoutes({ pathname: '/', state: { openModal: 'yes', signup: true } });
    expect(renderAuthModal).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on /dashboard it opens the modal in place and close keeps the path', async () => {
    const { user, renderAuthModal } = renderPublicRoutes('/dashboard', vi.fn(fakeAuthModal));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(renderAuthModal).toHaveBeenLastCalledWith({ openModal: true, signup: false }, expect.any(Function));
    expect(screen.getByText('path: /dashboard')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('path: /dashboard')).toBeInTheDocument();
    expect(screen.getByText('state: null')).toBeInTheDocument();
  });
});
