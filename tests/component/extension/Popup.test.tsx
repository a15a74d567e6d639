import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WrongMasterPasswordError } from '../../../src/crypto';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { readConfig } from '../../../src/data/config';
import type { PasswordEntry } from '../../../src/features/vault/model';
import type { ListedItem } from '../../../src/features/vault/service/itemService';
import { Popup } from '../../../extension/src/popup/Popup';
import type { ExtensionSession, SessionState } from '../../../extension/src/session/session';

// The popup's screens over a stand-in session (the real one, on the emulators, is driven in
// Chromium by tests/browser/extension/extensionSession.test.ts).

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });

function login(id: string, title: string, url: string): ListedItem {
  const entry = { id, title, url, notes: null, username: `${id}@example.test`, password: '', groupId: null, createdAt: 0, updatedAt: 0, revision: 1, undecryptable: false } as PasswordEntry;
  return { entry, overview: { kind: 'login', title, favourite: false, urls: [{ url, match: 'origin' }], username: `${id}@example.test`, hasOneTimeCode: false } };
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
    render(<Popup config={config} session={session} tab={onBank} />);
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
});
