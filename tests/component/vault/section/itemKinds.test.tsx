// Issue #44 through the personal vault's screen, keyboard only: 'New item' saves an item of another
// kind sealed in format 3 (real crypto, memory repositories), the list shows it from its overview,
// its pane opens its details, and Edit saves it again over itself.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import { savePassword, type PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

const NOW = Date.UTC(2026, 10, 25);

async function vault() {
  const passwords = new MemoryPasswordRepository();
  const groups = new MemoryGroupRepository();
  const deps: PersonalVaultDeps = { passwords, groups, vaultKey, userId: 'ana', sealedFormat: true, now: () => NOW };
  await savePassword(deps, { title: 'Bank', url: 'https://bank.example', notes: null, username: 'ana.bank', password: 'sealed secret', groupId: null });
  return { passwords, deps };
}

async function tabTo(user: UserEvent, target: HTMLElement) {
  for (let presses = 0; presses < 120 && document.activeElement !== target; presses += 1) await user.tab();
  expect(document.activeElement).toBe(target);
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('items of every kind in the personal vault', () => {
  it('New item → Card: saved sealed, listed by brand and last digits, opened in the pane, edited', async () => {
    const { passwords, deps } = await vault();
    const user = userEvent.setup();
    render(<PersonalPasswordsSection deps={deps} />);
    await screen.findByRole('button', { name: 'Bank' });
    await tabTo(user, screen.getByRole('button', { name: 'New item' }));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New item' });
    await tabTo(user, within(dialog).getByRole('radio', { name: 'Login' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: 'Card' })).toBeChecked();
    await tabTo(user, input('Title'));
    await user.keyboard('Travel card');
    await tabTo(user, input('Card number'));
    await user.keyboard('5555 5555 5555 4444');
    await tabTo(user, input('Expiry'));
    await user.keyboard('0130');
    await tabTo(user, within(dialog).getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    const row = await screen.findByRole('listitem', { name: 'Travel card' });
    expect(within(row).getByText('Mastercard •••• 4444, expires 01/30')).toBeInTheDocument();
    // Nothing of the card is stored in clear.
    const stored = JSON.stringify(await passwords.listPersonal('ana'));
    expect(stored).not.toContain('5555');
    expect(stored).not.toContain('Travel card');

    // One row at a time is in the tab order; the arrows move between rows.
    await tabTo(user, screen.getByRole('button', { name: 'Bank' }));
    await user.keyboard('{ArrowDown}');
    expect(within(row).getByRole('button', { name: 'Travel card' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const pane = screen.getByRole('region', { name: 'Item details' });
    expect(await within(pane).findByRole('button', { name: 'Show card number for Travel card' })).toBeInTheDocument();
    await tabTo(user, within(pane).getByRole('button', { name: 'Show card number for Travel card' }));
    await user.keyboard('{Enter}');
    expect(within(pane).getByText('5555 5555 5555 4444')).toBeInTheDocument();

    await tabTo(user, within(pane).getByRole('button', { name: 'Edit Travel card' }));
    await user.keyboard('{Enter}');
    const edit = await screen.findByRole('dialog', { name: 'Edit Card' });
    await tabTo(user, within(edit).getByLabelText('Cardholder'));
    await user.keyboard('Ana Lima');
    await tabTo(user, within(edit).getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(await within(screen.getByRole('region', { name: 'Item details' })).findByText('Ana Lima')).toBeInTheDocument();
  });
});
