// The sidebar's Favourites and kinds (issue #44) narrow the list before the search, and search
// looks at every kind's overview: a card's brand and last digits, a name, a fingerprint, a
// login's every URL. Keyboard only.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ItemFilters } from '../../../../src/app/dashboard/sidebar/ItemFilters';
import { asStoredCiphertext } from '../../../../src/crypto';
import { ItemFilterContext, type ItemCounts, type ItemFilter } from '../../../../src/features/vault';
import { PasswordList } from '../../../../src/features/vault/list';
import { itemToParts } from '../../../../src/features/vault/items/sealedItem';
import type { Item } from '../../../../src/features/vault/items/kinds';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { EVERY_KIND } from '../../../support/itemFixtures';
import { makeEntry } from './harness';

function listed(id: string, item: Item): PasswordEntry {
  const overview = itemToParts(item).overview;
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

const ENTRIES = [...EVERY_KIND.map((item, index) => listed(`i${index}`, item)), makeEntry('old', { title: 'Old login' })];

function Screen() {
  const [filter, setFilter] = useState<ItemFilter>('all');
  const value = useMemo(() => ({ filter, onFilter: setFilter }), [filter]);
  return (
    <ItemFilterContext.Provider value={value}>
      <nav aria-label="Vaults">
        <ItemFilters />
      </nav>
      <PasswordList entries={ENTRIES} canEdit canDelete onEdit={() => undefined} onDelete={() => Promise.resolve()} label="Personal passwords" />
    </ItemFilterContext.Provider>
  );
}

const titles = () => within(screen.getByRole('list', { name: 'Personal passwords' })).getAllByRole('listitem').map((row) => row.getAttribute('aria-labelledby') && row.querySelector('.pw-row__title')?.textContent);

describe('the kind filter', () => {
  it('narrows the list to a kind, to the favourites, and back to every item when chosen again', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    expect(titles()).toHaveLength(6);
    const kinds = screen.getByRole('list', { name: 'Kinds of item' });
    expect(within(kinds).getAllByRole('button').map((button) => button.textContent)).toEqual(['Favourites', 'Logins', 'Secure notes', 'Cards', 'Identities', 'SSH keys']);

    await user.tab();
    expect(within(kinds).getByRole('button', { name: 'Favourites' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(kinds).getByRole('button', { name: 'Favourites' })).toHaveAttribute('aria-current', 'page');
    expect(titles()).toEqual(['Zx-login-title Grüße', 'Zx-identity-title']);

    await user.tab();
    await user.keyboard('{Enter}');
    // Logins: the item and the format-2 entry alike.
    expect(titles()).toEqual(['Zx-login-title Grüße', 'Old login']);
    await user.keyboard('{Enter}');
    expect(within(kinds).getByRole('button', { name: 'Logins' })).not.toHaveAttribute('aria-current');
    expect(titles()).toHaveLength(6);
  });

  it('says when a kind has no item in the list', async () => {
    const user = userEvent.setup();
    render(<PasswordListWith entries={ENTRIES.filter((entry) => entry.item?.kind !== 'card')} />);
    await user.tab();
    for (let presses = 0; presses < 3; presses += 1) await user.tab();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('No items of this kind here.')).toBeInTheDocument();
  });
});

function PasswordListWith({ entries }: { readonly entries: readonly PasswordEntry[] }) {
  const [filter, setFilter] = useState<ItemFilter>('all');
  const value = useMemo(() => ({ filter, onFilter: setFilter }), [filter]);
  return (
    <ItemFilterContext.Provider value={value}>
      <ItemFilters />
      <PasswordList entries={entries} canEdit canDelete onEdit={() => undefined} onDelete={() => Promise.resolve()} label="Personal passwords" />
    </ItemFilterContext.Provider>
  );
}

function CountingScreen({ entries, loading = false, listed = true }: { readonly entries: readonly PasswordEntry[]; readonly loading?: boolean; readonly listed?: boolean }) {
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [counts, setCounts] = useState<ItemCounts | null>(null);
  const value = useMemo(() => ({ filter, onFilter: setFilter, counts, onCounts: setCounts }), [filter, counts]);
  return (
    <ItemFilterContext.Provider value={value}>
      <ItemFilters />
      {listed && <PasswordList entries={entries} loading={loading} canEdit canDelete onEdit={() => undefined} onDelete={() => Promise.resolve()} label="Personal passwords" />}
    </ItemFilterContext.Provider>
  );
}

const filterTexts = () => within(screen.getByRole('list', { name: 'Kinds of item' })).getAllByRole('button').map((button) => button.textContent);

describe('the kind filter’s counts', () => {
  it('says how many items of the list on screen each filter shows, the whole list’s whichever filter is chosen', async () => {
    const user = userEvent.setup();
    render(<CountingScreen entries={ENTRIES} />);
    // Two favourites; two logins (the item and the format-2 entry); one of every other kind.
    expect(filterTexts()).toEqual(['Favourites2', 'Logins2', 'Secure notes1', 'Cards1', 'Identities1', 'SSH keys1']);
    await user.click(screen.getByRole('button', { name: 'Cards1' }));
    expect(titles()).toEqual(['Zx-card-title']);
    expect(filterTexts()).toEqual(['Favourites2', 'Logins2', 'Secure notes1', 'Cards1', 'Identities1', 'SSH keys1']);
  });

  it('counts nothing while the list is loading (never a part counted as the whole), nor once it is gone', () => {
    const { rerender } = render(<CountingScreen entries={ENTRIES} loading />);
    expect(filterTexts()).toEqual(['Favourites', 'Logins', 'Secure notes', 'Cards', 'Identities', 'SSH keys']);
    rerender(<CountingScreen entries={ENTRIES.slice(0, 2)} />);
    expect(filterTexts()).toEqual(['Favourites1', 'Logins1', 'Secure notes1', 'Cards0', 'Identities0', 'SSH keys0']);
    rerender(<CountingScreen entries={ENTRIES} listed={false} />);
    expect(filterTexts()).toEqual(['Favourites', 'Logins', 'Secure notes', 'Cards', 'Identities', 'SSH keys']);
  });
});

describe('search over every kind', () => {
  it.each([
    ['visa', 'Zx-card-title'],
    ['1111', 'Zx-card-title'],
    ['zxmiddle', 'Zx-identity-title'],
    ['zxfingerprint', 'Zx-ssh-title'],
    ['zx-second.example', 'Zx-login-title Grüße'],
    ['secure note', 'Zx-note-title'],
  ])('finds %s', async (query, title) => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search passwords' })).toHaveFocus();
    await user.keyboard(query);
    expect(titles()).toEqual([title]);
  });

  it('does not look in the details: a custom field’s value is not found', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search passwords' })).toHaveFocus();
    await user.keyboard('Zx-note-text-value');
    expect(screen.getByText('No passwords match your search.')).toBeInTheDocument();
  });
});
