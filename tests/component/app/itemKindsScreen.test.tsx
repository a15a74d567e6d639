// Issue #44 on the whole vault screen: All items shows a card from its overview, its pane opens its
// details, Edit opens the item form (not the password form), and the sidebar's kinds narrow the
// list. Keyboard only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../../src/features/vault/items/kinds';
import { saveItem, savePassword } from '../../../src/features/vault/vaultService';
import type { MemoryRepositories } from '../../doubles/memoryRepositories';
import { createTeamWorld, draft, personalWriter, renderTeamDashboard, UID, type TeamWorld } from './teamDashboard';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});

const CARD: Item = { kind: 'card', title: 'Travel card', notes: '', favourite: true, customFields: [], fields: { cardholder: 'Ana Lima', number: '5555555555554444', expiry: { month: 1, year: 2030 }, code: '123' } };

async function seed(repositories: MemoryRepositories) {
  await savePassword(personalWriter(world, repositories), draft('Bank'));
  await saveItem(personalWriter(world, repositories), CARD, { groupId: null });
}

async function tabTo(user: UserEvent, target: HTMLElement) {
  for (let presses = 0; presses < 150 && document.activeElement !== target; presses += 1) await user.tab();
  expect(document.activeElement).toBe(target);
}

describe('items on the vault screen', () => {
  it('All items lists the card, opens its details in the pane, and edits it in the item form', async () => {
    const user = userEvent.setup();
    await renderTeamDashboard(world, seed);
    const list = await within(screen.getByRole('main')).findByRole('list', { name: 'All items' });
    const row = await within(list).findByRole('listitem', { name: 'Travel card' });
    expect(row).toHaveTextContent('Mastercard •••• 4444, expires 01/30');

    await tabTo(user, within(list).getByRole('button', { name: 'Bank' }));
    await user.keyboard('{ArrowDown}{Enter}');
    const pane = screen.getByRole('region', { name: 'Item details' });
    expect(await within(pane).findByText('Ana Lima')).toBeInTheDocument();
    await tabTo(user, within(pane).getByRole('button', { name: 'Show card number for Travel card' }));
    await user.keyboard('{Enter}');
    expect(within(pane).getByText('5555 5555 5555 4444')).toBeInTheDocument();

    await tabTo(user, within(pane).getByRole('button', { name: 'Edit Travel card' }));
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('dialog', { name: 'Edit Card' });
    await tabTo(user, within(form).getByLabelText('Cardholder'));
    await user.keyboard('{End} Jr');
    await tabTo(user, within(form).getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(await within(screen.getByRole('region', { name: 'Item details' })).findByText('Ana Lima Jr')).toBeInTheDocument();
  });

  it('the sidebar’s Cards and Favourites, each with its count, show the card alone', async () => {
    const user = userEvent.setup();
    await renderTeamDashboard(world, seed);
    const list = await within(screen.getByRole('main')).findByRole('list', { name: 'All items' });
    await within(list).findByRole('listitem', { name: 'Travel card' });
    const kinds = screen.getByRole('list', { name: 'Kinds of item' });
    // Counted over the list on screen: the login and the card.
    await waitFor(() => {
      expect(within(kinds).getAllByRole('button').map((button) => button.textContent)).toEqual(['Favourites1', 'Logins1', 'Secure notes0', 'Cards1', 'Identities0', 'SSH keys0']);
    });
    for (const name of ['Cards1', 'Favourites1']) {
      await tabTo(user, within(kinds).getByRole('button', { name }));
      await user.keyboard('{Enter}');
      await waitFor(() => {
        expect(within(screen.getByRole('list', { name: 'All items' })).getAllByRole('listitem').map((item) => item.getAttribute('data-entry-id') !== null && item.querySelector('.pw-row__title')?.textContent)).toEqual(['Travel card']);
      });
      await user.keyboard('{Enter}');
    }
  });

  it('All items offers New item, which makes an item of any kind in the personal vault', { timeout: 40_000 }, async () => {
    const user = userEvent.setup();
    const { repositories } = await renderTeamDashboard(world, seed);
    const main = screen.getByRole('main');
    await within(main).findByRole('listitem', { name: 'Travel card' });
    await tabTo(user, within(main).getByRole('button', { name: 'New item' }));
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('dialog', { name: 'New item' });
    // The kinds are one radio group: the arrows move from Login to Secure note.
    await tabTo(user, within(form).getByRole('radio', { name: 'Login' }));
    await user.keyboard('{ArrowDown}');
    expect(within(form).getByRole('radio', { name: 'Secure note' })).toBeChecked();
    await tabTo(user, within(form).getByLabelText('Title'));
    await user.keyboard('Door codes');
    await tabTo(user, within(form).getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const row = await within(within(main).getByRole('list', { name: 'All items' })).findByRole('listitem', { name: 'Door codes' });
    expect(row).toBeInTheDocument();
    // Written in the personal vault, beside the login and the card seeded there.
    expect((await repositories.passwords.scanPersonal(UID)).items).toHaveLength(3);
  });
});
