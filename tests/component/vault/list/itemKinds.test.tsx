// The item pane and rows of each kind of item (issue #44), by the keyboard alone: what the overview
// shows at once, every field with Copy (a hidden one cleared again, as a password is), hidden
// fields shown on request, a card's number in groups of four, custom fields and the favourite mark.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemOverview } from '../../../../src/crypto';
import { asStoredCiphertext } from '../../../../src/crypto';
import { itemToParts } from '../../../../src/features/vault/items/sealedItem';
import type { Item } from '../../../../src/features/vault/items/kinds';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { EVERY_KIND } from '../../../support/itemFixtures';
import { makeEntry, renderList, stubClipboard } from './harness';

afterEach(() => {
  vi.restoreAllMocks();
});

/** An item as the list holds it: its overview opened, its details still sealed (format 3). */
function listed(id: string, item: Item): PasswordEntry {
  const overview: ItemOverview = itemToParts(item).overview;
  const login = overview.kind === 'login' ? overview : null;
  return makeEntry(id, {
    title: item.title,
    url: login?.urls[0]?.url ?? null,
    username: login?.username ?? '',
    password: '',
    sealed: true,
    sealedDetails: { sealed: asStoredCiphertext('entry-details', 'AAAA'), keyVersion: null, format: 3 },
    item: overview,
  });
}

const [LOGIN, NOTE, CARD, IDENTITY, SSH] = EVERY_KIND as [Item, Item, Item, Item, Item];

function renderItems(items: readonly Item[]) {
  const user = userEvent.setup();
  const entries = items.map((item, index) => listed(`i${index}`, item));
  const byId = new Map(entries.map((entry, index) => [entry.id, items[index]!]));
  const onOpenItem = vi.fn((entry: PasswordEntry) => Promise.resolve(byId.get(entry.id)!));
  const harness = renderList({ entries, onOpenItem });
  return { user, onOpenItem, ...harness };
}

async function tabTo(user: UserEvent, target: HTMLElement) {
  for (let presses = 0; presses < 80 && document.activeElement !== target; presses += 1) await user.tab();
  expect(document.activeElement).toBe(target);
}

/** Opens the item `title` from its row with the keyboard; resolves its pane. */
async function openByKeyboard(user: UserEvent, title: string): Promise<HTMLElement> {
  const rows = screen.getByRole('list', { name: 'Personal passwords' });
  await tabTo(user, within(rows).getAllByRole('button').find((button) => button.classList.contains('pw-row__select'))!);
  for (let presses = 0; presses < 10 && document.activeElement?.textContent !== title; presses += 1) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
  return screen.getByRole('region', { name: 'Item details' });
}

async function press(user: UserEvent, pane: HTMLElement, name: string) {
  await tabTo(user, await within(pane).findByRole('button', { name }));
  await user.keyboard('{Enter}');
}

describe('rows', () => {
  it('show each kind by what its overview says, with no quick copy of a password but on a login', () => {
    renderItems(EVERY_KIND);
    const row = (title: string) => screen.getByRole('listitem', { name: title });
    expect(within(row('Zx-card-title')).getByText('Visa •••• 1111, expires 07/31')).toBeInTheDocument();
    expect(within(row('Zx-card-title')).getByText('Card')).toBeInTheDocument();
    expect(within(row('Zx-identity-title')).getByText('Zxana Zxmiddle Zxlast')).toBeInTheDocument();
    expect(within(row('Zx-identity-title')).getByText('Favourite')).toBeInTheDocument();
    expect(within(row('Zx-ssh-title')).getByText('SHA256:ZxFingerprintValue')).toBeInTheDocument();
    expect(within(row('Zx-note-title')).getByText('Secure note')).toBeInTheDocument();
    expect(within(row('Zx-card-title')).queryByRole('button', { name: /Quick copy/ })).toBeNull();
    expect(within(row('Zx-login-title Grüße')).getByRole('button', { name: 'Quick copy password for Zx-login-title Grüße' })).toBeInTheDocument();
  });
});

describe('the pane of a card', () => {
  it('shows the number grouped in fours and the code only on request, and copies each', async () => {
    const { user, onOpenItem } = renderItems([CARD]);
    // After userEvent.setup, which puts its own clipboard in place.
    const writeText = stubClipboard();
    const pane = await openByKeyboard(user, 'Zx-card-title');
    expect(await within(pane).findByText('Zx Cardholder')).toBeInTheDocument();
    expect(onOpenItem).toHaveBeenCalledTimes(1);
    expect(within(pane).getByText('Visa')).toBeInTheDocument();
    expect(within(pane).getByText('07/31')).toBeInTheDocument();
    expect(within(pane).queryByText('4111 1111 1111 1111')).toBeNull();
    expect(within(pane).queryByText('9876')).toBeNull();

    await press(user, pane, 'Show card number for Zx-card-title');
    expect(within(pane).getByText('4111 1111 1111 1111')).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: 'Hide card number for Zx-card-title' })).toHaveFocus();
    expect(within(pane).queryByText('9876')).toBeNull();
    await user.keyboard('{Enter}');
    expect(within(pane).queryByText('4111 1111 1111 1111')).toBeNull();

    await press(user, pane, 'Copy card number for Zx-card-title');
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('4111111111111111');
    });
    expect(screen.getByText('Card number copied. Clipboard clears in 30 s.')).toBeInTheDocument();
    await press(user, pane, 'Copy cardholder for Zx-card-title');
    await waitFor(() => {
      expect(writeText).toHaveBeenLastCalledWith('Zx Cardholder');
    });
    expect(screen.getByText('Cardholder copied.')).toBeInTheDocument();

    await press(user, pane, 'Show security code for Zx-card-title');
    expect(within(pane).getByText('9876')).toBeInTheDocument();
  });
});

describe('the pane of an identity', () => {
  it('shows its fields, the document numbers hidden until shown', async () => {
    const { user } = renderItems([IDENTITY]);
    const pane = await openByKeyboard(user, 'Zx-identity-title');
    expect(await within(pane).findByText('Zxana')).toBeInTheDocument();
    expect(within(pane).getByText('zx-identity@example.com')).toBeInTheDocument();
    expect(within(pane).getByText('Zx-identity-notes')).toBeInTheDocument();
    expect(within(pane).getByText('Favourite')).toBeInTheDocument();
    expect(within(pane).queryByText('ZXP123456')).toBeNull();
    expect(within(pane).queryByText('ZXN-987-65')).toBeNull();
    await press(user, pane, 'Show passport number for Zx-identity-title');
    expect(within(pane).getByText('ZXP123456')).toBeInTheDocument();
    expect(within(pane).queryByText('ZXN-987-65')).toBeNull();
  });
});

describe('the pane of an SSH key', () => {
  it('hides the private key until shown; shows the public key and fingerprint', async () => {
    const { user } = renderItems([SSH]);
    // After userEvent.setup, which puts its own clipboard in place.
    const writeText = stubClipboard();
    const pane = await openByKeyboard(user, 'Zx-ssh-title');
    expect(await within(pane).findByText('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIZxPublicKeyBody zx@host')).toBeInTheDocument();
    expect(within(pane).getByText('SHA256:ZxFingerprintValue')).toBeInTheDocument();
    expect(within(pane).queryByText(/ZxPrivateKeyBody/)).toBeNull();
    await press(user, pane, 'Copy private key for Zx-ssh-title');
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(expect.stringContaining('ZxPrivateKeyBody'));
    });
    expect(screen.getByText('Private key copied. Clipboard clears in 30 s.')).toBeInTheDocument();
    await press(user, pane, 'Show private key for Zx-ssh-title');
    expect(within(pane).getByText(/ZxPrivateKeyBody/)).toBeInTheDocument();
  });
});

describe('the pane of a secure note', () => {
  it('shows the note whole and its custom fields, with Copy', async () => {
    const { user } = renderItems([NOTE]);
    // After userEvent.setup, which puts its own clipboard in place.
    const writeText = stubClipboard();
    const pane = await openByKeyboard(user, 'Zx-note-title');
    expect(await within(pane).findByText(/Zx-note-body/)).toBeInTheDocument();
    expect(within(pane).getByText('Zx-note-text-value')).toBeInTheDocument();
    await press(user, pane, 'Copy note Zx-note-title');
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('Zx-note-body\nline two');
    });
    await press(user, pane, 'Copy Zx-note-field for Zx-note-title');
    await waitFor(() => {
      expect(writeText).toHaveBeenLastCalledWith('Zx-note-text-value');
    });
  });
});

describe('the pane of a login saved as an item', () => {
  it('shows every URL with its rule, and its custom fields: a hidden one on request, a yes/no one as Yes', async () => {
    const { user } = renderItems([LOGIN]);
    // After userEvent.setup, which puts its own clipboard in place.
    const writeText = stubClipboard();
    const pane = await openByKeyboard(user, 'Zx-login-title Grüße');
    const urls = within(pane).getByRole('list', { name: 'Websites' });
    expect(within(urls).getByText('https://zx-first.example/login')).toBeInTheDocument();
    expect(within(urls).getByText('https://zx-second.example/')).toBeInTheDocument();
    expect(within(urls).getByText('Match: Same site')).toBeInTheDocument();
    const custom = await within(pane).findByRole('region', { name: 'Custom fields of Zx-login-title Grüße' });
    expect(within(custom).getByText('Yes')).toBeInTheDocument();
    expect(within(custom).queryByText('Zx-hidden-value')).toBeNull();
    await press(user, custom, 'Show Zx-field-name for Zx-login-title Grüße');
    expect(within(custom).getByText('Zx-hidden-value')).toBeInTheDocument();
    await press(user, custom, 'Copy Zx-field-name for Zx-login-title Grüße');
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('Zx-hidden-value');
    });
    expect(screen.getByText('Zx-field-name copied. Clipboard clears in 30 s.')).toBeInTheDocument();
  });
});

describe('an item whose details do not open', () => {
  it('says so, and shows what its overview holds', async () => {
    const user = userEvent.setup();
    renderList({ entries: [listed('c', CARD)], onOpenItem: () => Promise.reject(new Error('bad')) });
    const pane = await openByKeyboard(user, 'Zx-card-title');
    expect(await within(pane).findByRole('alert')).toHaveTextContent('Failed to decrypt data.');
    expect(within(pane).getByText('07/31')).toBeInTheDocument();
  });
});
