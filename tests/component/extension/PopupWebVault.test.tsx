import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../../src/data/config';
import type { PasswordEntry } from '../../../src/features/vault/model';
import type { ListedItem } from '../../../src/features/vault/service/itemService';
import { Popup } from '../../../extension/src/popup/Popup';
import type { ExtensionSession } from '../../../extension/src/session/session';
import { LOCAL_APP_ORIGIN } from '../../../extension/src/webVault';

// Each item of the popup's lists links to it in the web vault (`/dashboard?item=<id>`,
// src/features/vault/itemLink.ts), in a new tab, named by its title.

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });

function login(id: string, title: string, url: string): ListedItem {
  const entry = { id, title, url, notes: null, username: `${id}@example.test`, password: '', groupId: null, createdAt: 0, updatedAt: 0, revision: 1, undecryptable: false } as PasswordEntry;
  return { entry, overview: { kind: 'login', title, favourite: false, urls: [{ url, match: 'origin' }], username: `${id}@example.test`, hasOneTimeCode: false } };
}

const unlocked: ExtensionSession = {
  state: () => Promise.resolve({ screen: 'unlocked', email: 'ana@example.test' }),
  signIn: () => Promise.reject(new Error('not here')),
  unlock: () => Promise.reject(new Error('not here')),
  lock: () => Promise.resolve(),
  signOut: () => Promise.resolve(),
  vault: () =>
    Promise.resolve({
      items: () => Promise.resolve([login('bank-1', 'Bank', 'https://bank.test/'), login('mail/2', 'Mail', 'https://mail.test/')]),
      open: () => Promise.reject(new Error('not opened here')),
    }),
};
const worker = { copied: vi.fn(() => Promise.resolve()), active: () => Promise.resolve() };
const onBank = () => Promise.resolve({ tabId: 7, url: 'https://bank.test/login' });

describe('Open in the web vault', () => {
  it('links each item, the tab’s and the search’s, to its page in the web vault, in a new tab', async () => {
    const user = userEvent.setup();
    render(<Popup config={config} session={unlocked} tab={onBank} worker={worker} webVault={LOCAL_APP_ORIGIN} />);
    const forSite = await screen.findByRole('region', { name: 'For this site' });
    const bank = within(forSite).getByRole('link', { name: 'Open Bank in the web vault' });
    expect(bank).toHaveAttribute('href', 'http://127.0.0.1:5173/dashboard?item=bank-1');
    expect(bank).toHaveAttribute('target', '_blank');
    expect(bank).toHaveAttribute('rel', 'noopener noreferrer');
    expect(bank).toHaveTextContent('Open in web vault');

    // Reached by the keyboard, after the row's own buttons.
    await user.type(screen.getByLabelText('Search the vault'), 'mail');
    const mail = within(screen.getByRole('region', { name: 'Search results' })).getByRole('link', { name: 'Open Mail in the web vault' });
    expect(mail).toHaveAttribute('href', 'http://127.0.0.1:5173/dashboard?item=mail%2F2');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(mail).toHaveFocus();
  });

  it('is not offered where the build names no web app', async () => {
    render(<Popup config={config} session={unlocked} tab={onBank} worker={worker} />);
    await screen.findByRole('region', { name: 'For this site' });
    expect(screen.queryByRole('link', { name: /in the web vault/ })).toBeNull();
  });
});
