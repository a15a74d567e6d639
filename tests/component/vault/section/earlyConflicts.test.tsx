// Issue #22 item 2: a conflict arrives early. With the vault read live, a save in another tab
// reaches the open edit form before this tab saves: the form says so at once, with the same
// choice a refused save offers (Keep mine, Take theirs), and nothing is saved meanwhile. The
// item pane simply shows the newer values; an entry deleted elsewhere says so in the form.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import { deletePassword, loadEntries, savePassword, type PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { openDetails } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { openItem } from '../../../support/vaultList';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

const draft = { title: 'Bank', url: null, notes: null, username: 'ana', password: 'first secret', groupId: null };

async function editingBank() {
  const deps: PersonalVaultDeps = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => Date.UTC(2026, 10, 27) };
  const entry = await savePassword(deps, draft);
  const user = userEvent.setup();
  render(<PersonalPasswordsSection deps={deps} />);
  await openItem('Bank', user);
  await user.click(screen.getByRole('button', { name: 'Edit Bank' }));
  const form = await screen.findByRole('dialog', { name: 'Edit Password' });
  return { deps, entry, user, form };
}

async function stored(deps: PersonalVaultDeps) {
  return Promise.all((await loadEntries(deps)).map((entry) => openDetails(deps, entry)));
}

describe('a conflict arrives early', () => {
  it('the other tab’s save reaches the open form at once; Keep mine saves this tab’s change on top of theirs', async () => {
    const { deps, entry, user, form } = await editingBank();
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Bank (joint)');
    await savePassword(deps, { ...draft, password: 'other tab secret' }, entry);

    const notice = await within(form).findByRole('alert');
    expect(notice).toHaveTextContent('This password was changed since you opened it.');
    await user.click(within(notice).getByRole('button', { name: 'Show passwords' }));
    const cells = (name: RegExp) => within(within(notice).getByRole('row', { name })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(/^Title\s*\(differs\)/)).toEqual(['Bank', 'Bank (joint)']);
    expect(cells(/^Password other tab secret/)).toEqual(['other tab secret', 'other tab secret']);
    // What was typed is still in the field, and nothing was saved.
    expect(within(form).getByLabelText('Title')).toHaveValue('Bank (joint)');
    expect((await stored(deps)).map((item) => [item.title, item.revision])).toEqual([['Bank', 2]]);

    await user.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Edit Password' })).not.toBeInTheDocument();
    });
    expect((await stored(deps)).map((item) => [item.title, item.password, item.revision])).toEqual([['Bank (joint)', 'other tab secret', 3]]);
  });

  it('Take theirs fills the form with the newer values, and typing on does not raise the notice again', async () => {
    const { deps, entry, user, form } = await editingBank();
    await savePassword(deps, { ...draft, title: 'Bank (other tab)', notes: 'their note' }, entry);
    await user.click(await within(form).findByRole('button', { name: 'Take theirs' }));
    expect(within(form).getByLabelText('Title')).toHaveValue('Bank (other tab)');
    expect(within(form).getByLabelText('Notes (optional)')).toHaveValue('their note');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Notes (optional)'), ' and mine');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Edit Password' })).not.toBeInTheDocument();
    });
    expect((await stored(deps)).map((item) => [item.title, item.notes, item.revision])).toEqual([['Bank (other tab)', 'their note and mine', 3]]);
  });

  it('a rewrite with the same values (a key rotation or the sealing, issue #42) reaching the open form asks nothing; Save lands on it', async () => {
    const { deps, entry, user, form } = await editingBank();
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Bank (joint)');
    // Another tab writes the entry again with the very values this form opened: only its sealing is new.
    await savePassword(deps, draft, entry);
    expect((await stored(deps)).map((item) => item.revision)).toEqual([2]);
    // Long enough for the live list to bring revision 2 to the form, which would then say so.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Edit Password' })).not.toBeInTheDocument();
    });
    expect((await stored(deps)).map((item) => [item.title, item.password, item.revision])).toEqual([['Bank (joint)', 'first secret', 3]]);
  });

  it('an entry deleted in the other tab says so in the open form before saving', async () => {
    const { deps, entry, form } = await editingBank();
    await deletePassword(deps, entry);
    expect(await within(form).findByRole('alert')).toHaveTextContent('This password was deleted by someone else');
  });

  it('the item pane shows the other tab’s change as it lands, and says so; this tab’s own edit it does not call someone else’s', async () => {
    const deps: PersonalVaultDeps = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => 1 };
    const entry = await savePassword(deps, { ...draft, username: 'ana' });
    const user = userEvent.setup();
    render(<PersonalPasswordsSection deps={deps} />);
    const pane = await openItem('Bank', user);
    const notice = 'Someone else changed this password just now. You are seeing the latest version.';
    expect(pane).toHaveTextContent('ana');
    expect(within(pane).queryByText(notice)).not.toBeInTheDocument();

    await user.click(within(pane).getByRole('button', { name: 'Edit Bank' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    await user.type(within(form).getByLabelText('Username'), '.me');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(pane).toHaveTextContent('ana.me');
    });
    expect(within(pane).queryByText(notice)).not.toBeInTheDocument();

    const mine = await loadEntries(deps);
    await savePassword(deps, { ...draft, username: 'ana.b' }, mine[0] ?? entry);
    await waitFor(() => {
      expect(pane).toHaveTextContent('ana.b');
    });
    expect(within(pane).getByText(notice)).toHaveAttribute('role', 'status');
  });
});
