import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPublicRoutes } from './harness';

const PAGES = [
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service' },
  { path: '/security', title: 'How Keyloft Protects Your Passwords' },
] as const;

describe.each(PAGES)('$path', ({ path, title }) => {
  it('has one h1, h2 sections and the page landmarks', () => {
    renderPublicRoutes(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  });

  it('header has Sign Up and Sign In, and the footer shows © 2025', () => {
    renderPublicRoutes(path);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText(/© 2025/)).toBeInTheDocument();
  });

  it.each([
    ['Sign Up', true],
    ['Sign In', false],
  ] as const)('%s goes to / with the open-modal state (signup=%s)', async (name, signup) => {
    const { user, renderAuthModal } = renderPublicRoutes(path);
    await user.click(screen.getByRole('button', { name }));
    expect(screen.getByText('path: /')).toBeInTheDocument();
    expect(screen.getByText(`state: ${JSON.stringify({ openModal: true, signup })}`)).toBeInTheDocument();
    expect(renderAuthModal).toHaveBeenCalledWith({ openModal: true, signup }, expect.any(Function));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Back to Home goes to /', async () => {
    const { user, renderAuthModal } = renderPublicRoutes(path);
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByText('path: /')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Password Management for Teams' })).toBeInTheDocument();
    expect(renderAuthModal).not.toHaveBeenCalled();
  });

  it('footer links point to the privacy policy and the terms', () => {
    renderPublicRoutes(path);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });
});

describe.each([
  { path: '/privacy', mailbox: 'privacy@keyloft.app' },
  { path: '/terms', mailbox: 'legal@keyloft.app' },
])('legal page $path', ({ path, mailbox }) => {
  it('is dated January 2025', () => {
    renderPublicRoutes(path);
    expect(screen.getByText('Last updated: January 2025')).toBeInTheDocument();
  });

  it('states the 30-day backup deletion', () => {
    renderPublicRoutes(path);
    expect(screen.getByRole('main')).toHaveTextContent('Backups are deleted within 30 days of account deletion.');
  });

  it(`gives ${mailbox} as the contact`, () => {
    renderPublicRoutes(path);
    expect(screen.getByRole('link', { name: mailbox })).toHaveAttribute('href', `mailto:${mailbox}`);
  });
});

describe('/terms content', () => {
  it('is for adults aged 18 and over', () => {
    renderPublicRoutes('/terms');
    expect(screen.getByRole('main')).toHaveTextContent('Keyloft is a service for adults aged 18 and over.');
  });

  it('gives the team owner full control', () => {
    renderPublicRoutes('/terms');
    expect(screen.getByRole('main')).toHaveTextContent(
      'The team owner has full control of a team: adding and removing members, managing permissions and deleting the team.',
    );
  });

  it('makes users responsible for an unrecoverable master password', () => {
    renderPublicRoutes('/terms');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('You are responsible for keeping your account password and your master password secret');
    expect(main).toHaveTextContent('cannot be recovered');
  });

  it('describes the 14-day Unlimited trial without a credit card, then Free or paid', () => {
    renderPublicRoutes('/terms');
    expect(screen.getByRole('main')).toHaveTextContent(
      'A new account starts with a 14-day trial of the Unlimited plan, without a credit card. After the trial you can continue on the Free plan or choose a paid plan.',
    );
  });
});

describe('/privacy content', () => {
  it('lists what is stored, encrypted and not', () => {
    renderPublicRoutes('/privacy');
    const section = screen.getByRole('heading', { name: 'What we store' }).closest('section');
    expect(section).not.toBeNull();
    const text = section?.textContent ?? '';
    expect(text).toContain('your email address');
    expect(text).toContain('Encrypted vault data');
    expect(text).toContain('everything in your entries (title, url, username, password, notes, one-time code secret and earlier passwords)');
    expect(text).toContain('which team and group each entry belongs to, as random ids');
    expect(text).not.toContain('so they can be searched');
    expect(text).toContain('Subscription status');
    expect(text).toContain('payment processor');
    expect(text).toContain('Team activity logs');
    expect(text).toContain('which parts of an entry changed, never their values');
    expect(text).toContain('Each record is deleted after 365 days');
  });

  it('says what we cannot read and that we do not sell data', () => {
    renderPublicRoutes('/privacy');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('we cannot read your entries and cannot hand them over to anyone in readable form');
    expect(main).toHaveTextContent('We do not sell your data');
  });
});

describe('/security content', () => {
  function mainText() {
    renderPublicRoutes('/security');
    return screen.getByRole('main');
  }

  it('states the key derivation as implemented', () => {
    const main = mainText();
    expect(main).toHaveTextContent('Each user has a random 256-bit salt.');
    expect(main).toHaveTextContent('Argon2id (64 MiB of memory, 3 passes, 4 lanes) into a master key');
    expect(main).toHaveTextContent('the master key never leaves it');
    expect(main).toHaveTextContent('wraps (encrypts) a random vault key');
    expect(main).toHaveTextContent('We never store your master password or a hash of it.');
  });

  it('states how entries are encrypted and bound', () => {
    const main = mainText();
    expect(main).toHaveTextContent('Everything you type into an entry is encrypted with AES-256-GCM, with a fresh random 12-byte IV each time');
    expect(main).toHaveTextContent('Group names and descriptions are encrypted the same way.');
    expect(main).toHaveTextContent('Each encrypted part is bound to its entry or group');
  });

  it('states the sharing model', () => {
    const main = mainText();
    expect(main).toHaveTextContent('RSA-OAEP 2048-bit (SHA-256) key pair');
    expect(main).toHaveTextContent('The public key is stored');
    expect(main).toHaveTextContent('The private key is stored encrypted with your vault key.');
    expect(main).toHaveTextContent(
      'Each team has an AES-256 team key, stored once per member and encrypted with that member’s public key.',
    );
    expect(main).toHaveTextContent('creates a 32-byte secret in your browser');
    expect(main).toHaveTextContent('it is never stored on our servers: it travels only in the invitation link');
    expect(main).toHaveTextContent('If you copy the link and send it yourself, no Keyloft server ever sees it');
  });

  it('lists exactly what is not encrypted, and no longer warns about notes (they are encrypted)', () => {
    const main = mainText();
    const section = screen.getByRole('heading', { name: 'What is not encrypted' }).closest('section');
    expect(section).toHaveTextContent(
      'We store these unencrypted: email addresses; team names and descriptions, because an invitation shows the team name before the person invited holds any key; team membership and roles; which team and which group an entry belongs to, as random ids; when entries and groups were created and changed; and how many there are.',
    );
    expect(main).not.toHaveTextContent('Do not put secrets in notes');
    expect(main).not.toHaveTextContent('stored unencrypted so they can be searched');
  });

  it('says what a team’s activity log holds, who reads it, and how long it is kept (issue #24)', () => {
    mainText();
    const section = screen.getByRole('heading', { name: 'What is not encrypted' }).closest('section');
    expect(section).toHaveTextContent('Each team keeps an activity log that its owners and admins can read');
    expect(section).toHaveTextContent('never their values');
    expect(section).toHaveTextContent('refuse a change to a team’s entries or groups that does not record itself in the log');
    expect(section).toHaveTextContent('each is deleted after 365 days');
  });

  it('warns that the master password cannot be recovered', () => {
    const main = mainText();
    expect(main).toHaveTextContent('The master password cannot be recovered.');
    expect(main).toHaveTextContent('if you forget it and have no such passkey, your encrypted data is lost');
  });

  it('says how a passkey unlocks, and that the master password keeps working (issue #46)', () => {
    const main = mainText();
    expect(main).toHaveTextContent('You can also unlock with a passkey you add in Settings');
    expect(main).toHaveTextContent('through HKDF-SHA-256 it becomes a key that wraps the same vault key');
    expect(main).toHaveTextContent('removing the passkey deletes it, and your master password keeps working everywhere');
  });

  it('gives the master password advice and mentions optional two-factor sign-in', () => {
    const main = mainText();
    expect(main).toHaveTextContent(
      'We recommend a master password of at least 12 characters that mixes upper and lower case letters, digits and symbols.',
    );
    expect(main).toHaveTextContent('Optional two-factor authentication');
    expect(main).toHaveTextContent('an SMS or an authenticator app');
  });
});
