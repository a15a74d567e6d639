import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WrongMasterPasswordError } from '../../../src/crypto';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { readConfig } from '../../../src/data/config';
import type { PasswordEntry } from '../../../src/features/vault/model';
import type { ListedItem } from '../../../src/features/vault/service/itemService';
import { DEFAULT_OPTIONS } from '../../../src/features/vault/generator';
import { codeAt, parseOneTimeCode } from '../../../src/features/vault/otp/oneTimeCode';
import { Popup } from '../../../extension/src/popup/Popup';
import type { PopupWorker } from '../../../extension/src/popup/popupWorker';
import type { ExtensionSession, SessionState } from '../../../extension/src/session/session';

// The popup's screens over a stand-in session (the real one, on the emulators, is driven in
// Chromium by tests/browser/extension/extensionSession.test.ts).

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });

function login(id: string, title: string, url: string, hasOneTimeCode = false): ListedItem {
  const entry = { id, title, url, notes: null, username: `${id}@example.test`, password: '', groupId: null, createdAt: 0, updatedAt: 0, revision: 1, undecryptable: false } as PasswordEntry;
  return { entry, overview: { kind: 'login', title, favourite: false, urls: [{ url, match: 'origin' }], username: `${id}@example.test`, hasOneTimeCode } };
}

function standIn(initial: SessionState, overrides: Partial<ExtensionSession> = {}) {
  let state = initial;
  const session = {
    state: vi.fn(() => Promise.resolve(state)),
    signIn: vi.fn(() => {
      state = { screen: 'locked', email: 'ana@example.test' };
      return Promise.resolve({ kind: 'signed-in' as const, email: 'ana@example.test' });
    }),
    unlock: vi.fn((masterPassword: string) => {
      if (masterPassword !== 'master') return Promise.reject(new WrongMasterPasswordError());
      state = { screen: 'unlocked', email: 'ana@example.test' };
      return Promise.resolve();
    }),
    lock: vi.fn(() => {
      state = { screen: 'locked', email: 'ana@example.test' };
      return Promise.resolve();
    }),
    signOut: vi.fn(() => {
      state = { screen: 'signed-out' };
      return Promise.resolve();
    }),
    vault: vi.fn(() =>
      Promise.resolve({
        items: () => Promise.resolve([login('bank', 'Bank', 'https://bank.test/'), login('www', 'Bank www', 'https://www.bank.test/'), login('mail', 'Mail', 'https://mail.test/')]),
        open: () => Promise.reject(new Error('not opened here')),
      }),
    ),
  };
  return { ...session, ...overrides } satisfies ExtensionSession;
}

const onBank = () => Promise.resolve({ tabId: 7, url: 'https://bank.test/login' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the extension popup', () => {
  it('signs in, unlocks with the master password, and locks again', async () => {
    const user = userEvent.setup();
    const session = standIn({ screen: 'signed-out' });
    const { signIn, lock } = session;
    const active = vi.fn(() => Promise.resolve());
    render(<Popup config={config} session={session} tab={onBank} worker={{ copied: () => Promise.resolve(), active }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Keyloft' })).toBeInTheDocument();
    expect(screen.getByText(/^Project demo-keyloft on the local emulators/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@example.test');
    await user.type(screen.getByLabelText('Account password'), 'account-pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('ana@example.test', 'account-pw');

    expect(await screen.findByRole('heading', { level: 1, name: 'Keyloft is locked' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Master password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Invalid master password. Please try again.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Master password'));
    await user.type(screen.getByLabelText('Master password'), 'master');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));

    // The tab's login first, the same site's other address apart, the rest only through search.
    const forSite = await screen.findByRole('region', { name: 'For this site' });
    expect(forSite).toHaveTextContent('Bank');
    // The popup used unlocked moves the auto-lock on; the locked screens did not.
    expect(active).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Fill Bank' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Same site, other address' })).toHaveTextContent('Bank www');
    expect(screen.queryByRole('button', { name: 'Fill Bank www' })).toBeNull();
    expect(screen.queryByText('Mail')).toBeNull();
    await user.type(screen.getByLabelText('Search the vault'), 'mail');
    expect(screen.getByRole('region', { name: 'Search results' })).toHaveTextContent('Mail');
    expect(screen.queryByRole('button', { name: 'Fill Mail' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Lock' }));
    expect(lock).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Keyloft is locked' })).toBeInTheDocument();
  });

  it('says why a sign-in failed, in the web vault’s words', async () => {
    const user = userEvent.setup();
    const session = standIn({ screen: 'signed-out' }, { signIn: () => Promise.reject(new AuthServiceError('auth/invalid-credential')) });
    render(<Popup config={config} session={session} tab={onBank} />);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.test');
    await user.type(screen.getByLabelText('Account password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password. Please check your credentials and try again.')).toBeInTheDocument();
  });

  it('asks for the authenticator code when the account has a second factor', async () => {
    const user = userEvent.setup();
    const verify = vi.fn(() => Promise.resolve({ kind: 'signed-in' as const, email: 'ana@example.test' }));
    const session = standIn({ screen: 'signed-out' }, { signIn: () => Promise.resolve({ kind: 'second-factor', verify }) });
    render(<Popup config={config} session={session} tab={onBank} />);
    await user.type(await screen.findByLabelText('Email'), 'ana@example.test');
    await user.type(screen.getByLabelText('Account password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(verify).toHaveBeenCalledWith('123456');
  });

  it('says so when the session cannot be read, rather than showing a screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Popup config={config} session={standIn({ screen: 'signed-out' }, { state: () => Promise.reject(new Error('IndexedDB gone')) })} tab={onBank} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not read its session');
  });

  it('copies a login’s current one-time code, and has the worker clear it later; a username copy cancels that', async () => {
    const user = userEvent.setup();
    const otp = 'otpauth://totp/Mail:ana?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Mail';
    const mail = login('mail', 'Mail', 'https://mail.test/', true);
    const opened = { kind: 'login' as const, title: 'Mail', notes: '', favourite: false, customFields: [], fields: { urls: [{ url: 'https://mail.test/', match: 'origin' as const }], username: 'mail@example.test', password: 'pw', otp, history: [] } };
    const session = standIn({ screen: 'unlocked', email: 'ana@example.test' }, {
      vault: () => Promise.resolve({ items: () => Promise.resolve([mail, login('bank', 'Bank', 'https://bank.test/')]), open: () => Promise.resolve(opened) }),
    });
    const copied = vi.fn<PopupWorker['copied']>(() => Promise.resolve());
    render(<Popup config={config} session={session} tab={() => Promise.resolve({ tabId: 7, url: 'https://mail.test/' })} worker={{ copied, active: () => Promise.resolve() }} />);
    // Only a login with a code offers it.
    await screen.findByRole('button', { name: 'Copy one-time code of Mail' });
    await user.type(screen.getByLabelText('Search the vault'), 'bank');
    expect(await screen.findByRole('button', { name: 'Copy password of Bank' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy one-time code of Bank' })).toBeNull();
    await user.clear(screen.getByLabelText('Search the vault'));

    await user.click(screen.getByRole('button', { name: 'Copy one-time code of Mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('One-time code copied. Clipboard clears in 30 s.');
    const settings = parseOneTimeCode(otp);
    expect([codeAt(settings, Date.now() - 2_000).code, codeAt(settings, Date.now()).code]).toContain(await navigator.clipboard.readText());
    expect(copied).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByRole('button', { name: 'Copy username of Mail' }));
    expect(await screen.findByText('Username copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('mail@example.test');
    expect(copied).toHaveBeenLastCalledWith(false);
  });

  it('lists a team login for its site labelled with its team, names the team in its buttons, and opens it as the team’s item', async () => {
    const user = userEvent.setup();
    const deploy = { ...login('deploy', 'Deploy', 'https://bank.test/'), team: { id: 'team-eng', name: 'Engineering' } };
    const opened = { kind: 'login' as const, title: 'Deploy', notes: '', favourite: false, customFields: [], fields: { urls: [{ url: 'https://bank.test/', match: 'origin' as const }], username: 'deploy@example.test', password: 'team pw', otp: null, history: [] } };
    const open = vi.fn(() => Promise.resolve(opened));
    const session = standIn({ screen: 'unlocked', email: 'ana@example.test' }, {
      vault: () => Promise.resolve({ items: () => Promise.resolve([login('bank', 'Bank', 'https://bank.test/'), deploy]), open }),
    });
    render(<Popup config={config} session={session} tab={onBank} worker={{ copied: () => Promise.resolve(), active: () => Promise.resolve() }} />);
    const forSite = within(await screen.findByRole('region', { name: 'For this site' }));
    expect(await forSite.findByRole('button', { name: 'Fill Deploy (team Engineering)' })).toBeInTheDocument();
    expect(forSite.getByRole('button', { name: 'Fill Bank' })).toBeInTheDocument();
    expect(forSite.getByText('Team: Engineering')).toBeInTheDocument();
    await user.click(forSite.getByRole('button', { name: 'Copy password of Deploy (team Engineering)' }));
    expect(await screen.findByText('Password copied. Clipboard clears in 30 s.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('team pw');
    expect(open).toHaveBeenCalledWith(deploy);
    await user.type(screen.getByLabelText('Search the vault'), 'engineering');
    const results = within(await screen.findByRole('region', { name: 'Search results' }));
    expect(results.getByRole('button', { name: 'Copy username of Deploy (team Engineering)' })).toBeInTheDocument();
    expect(results.queryByRole('button', { name: 'Copy username of Bank' })).toBeNull();
  });

  it('says a one-time code could not be copied when the login’s code does not read, and plans no clear', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const broken = { kind: 'login' as const, title: 'Mail', notes: '', favourite: false, customFields: [], fields: { urls: [], username: '', password: 'pw', otp: 'otpauth://hotp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DP', history: [] } };
    const session = standIn({ screen: 'unlocked', email: 'ana@example.test' }, {
      vault: () => Promise.resolve({ items: () => Promise.resolve([login('mail', 'Mail', 'https://mail.test/', true)]), open: () => Promise.resolve(broken) }),
    });
    const copied = vi.fn<PopupWorker['copied']>(() => Promise.resolve());
    render(<Popup config={config} session={session} tab={() => Promise.resolve({ tabId: 7, url: 'https://mail.test/' })} worker={{ copied, active: () => Promise.resolve() }} />);
    await user.click(await screen.findByRole('button', { name: 'Copy one-time code of Mail' }));
    expect(await screen.findByText('One-time code could not be copied.')).toBeInTheDocument();
    expect(copied).not.toHaveBeenCalled();
  });

  it('offers the app’s password generator; its copy is cleared by the worker', async () => {
    const user = userEvent.setup();
    const copied = vi.fn<PopupWorker['copied']>(() => Promise.resolve());
    render(<Popup config={config} session={standIn({ screen: 'unlocked', email: 'ana@example.test' })} tab={onBank} worker={{ copied, active: () => Promise.resolve() }} />);
    // Found, and pressed, while the vault may still be loading: the header stays the same buttons.
    const open = await screen.findByRole('button', { name: 'Password generator' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const generator = screen.getByRole('region', { name: 'Password generator' });
    const shown = within(generator).getByRole('status', { name: 'Generated password' }).textContent;
    expect(shown).toHaveLength(DEFAULT_OPTIONS.length);
    // No form to hand it to: no "Use this password" here.
    expect(within(generator).queryByRole('button', { name: 'Use this password' })).toBeNull();
    await user.click(within(generator).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(shown);
    expect(copied).toHaveBeenCalledWith(true);
    await user.click(open);
    expect(screen.queryByRole('region', { name: 'Password generator' })).toBeNull();
  });
});
