// The list's selection and the item pane: a row selects, the pane shows the selected entry,
// entries of a list spanning vaults say where they live, and a phone shows one region at a time.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EntryPlace } from '../../../../src/features/vault/list';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { openItem, paneOf } from '../../../support/vaultList';
import { makeEntry, renderList, stubClipboard } from './harness';

const github = makeEntry('gh', { title: 'GitHub', url: 'https://github.com', username: 'octocat', password: 'hunter2!', groupId: 'g-work' });
const bank = makeEntry('bank', { title: 'First Bank', url: 'bank.example', username: 'alice', password: 'pw-bank' });
const mail = makeEntry('mail', { title: 'Mail', username: 'ALICE@mail.test', password: 'pw-mail' });
const three = [github, bank, mail];

function pane() {
  return screen.getByRole('region', { name: 'Item details' });
}

function listRoot() {
  return screen.getByRole('list', { name: 'Personal passwords' }).closest('.pw-list')!;
}

describe('PasswordList: rows and selection', () => {
  it('shows a compact row per entry: a letter, the title, the username and the group', () => {
    renderList({ entries: three });
    const row = screen.getByRole('listitem', { name: 'GitHub' });
    const letter = row.querySelector('.pw-row__avatar')!;
    expect(letter).toHaveTextContent('G');
    expect(letter).toHaveAttribute('aria-hidden', 'true');
    expect(row.querySelector('img')).toBeNull();
    expect(within(row).getByText('octocat')).toBeInTheDocument();
    expect(within(row).getByText('Work')).toBeInTheDocument();
    // One main control, named by the title, and the quick copy.
    const buttons = within(row).getAllByRole('button');
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toHaveAccessibleName('GitHub');
    expect(buttons[0]).toHaveAccessibleDescription(/octocat/);
    expect(buttons[1]).toHaveAccessibleName('Quick copy password for GitHub');
  });

  it('says what to do until an entry is selected, then shows it in the pane', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    expect(within(pane()).getByText('Select an item to see its details.')).toBeInTheDocument();
    for (const title of ['GitHub', 'First Bank', 'Mail']) {
      expect(screen.getByRole('button', { name: title })).not.toHaveAttribute('aria-current');
    }
    await user.click(screen.getByRole('button', { name: 'First Bank' }));
    expect(screen.getByRole('button', { name: 'First Bank' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'GitHub' })).not.toHaveAttribute('aria-current');
    expect(within(pane()).getByRole('heading', { name: 'First Bank' })).toBeInTheDocument();
    expect(within(pane()).getByText('alice')).toBeInTheDocument();
    expect(within(pane()).getByRole('link', { name: /bank\.example/ })).toHaveAttribute('href', 'https://bank.example/');
    expect(within(pane()).queryByText('Select an item to see its details.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    expect(within(pane()).getByRole('heading', { name: 'GitHub' })).toBeInTheDocument();
    expect(within(pane()).getByText('Work')).toBeInTheDocument();
    expect(within(pane()).queryByRole('heading', { name: 'First Bank' })).not.toBeInTheDocument();
  });

  it('selects the first match as the user types', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    await user.type(screen.getByRole('searchbox', { name: 'Search passwords' }), 'alice');
    expect(screen.getByRole('button', { name: 'First Bank' })).toHaveAttribute('aria-current', 'true');
    expect(within(pane()).getByRole('heading', { name: 'First Bank' })).toBeInTheDocument();
  });

  it('copies a password in three actions: focus search, type, copy', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    const writeText = stubClipboard();
    const actions = [
      () => user.click(screen.getByRole('searchbox', { name: 'Search passwords' })),
      () => user.keyboard('mail'),
      () => user.click(screen.getByRole('button', { name: 'Copy password for Mail' })),
    ];
    for (const action of actions) await action();
    expect(actions).toHaveLength(3);
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('pw-mail');
    });
    expect(within(pane()).getByText('Copied')).toBeInTheDocument();
  });

  it('copies a password in three actions with the row’s quick copy', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    const writeText = stubClipboard();
    const actions = [
      () => user.click(screen.getByRole('searchbox', { name: 'Search passwords' })),
      () => user.keyboard('bank'),
      () => user.click(screen.getByRole('button', { name: 'Quick copy password for First Bank' })),
    ];
    for (const action of actions) await action();
    expect(actions).toHaveLength(3);
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('pw-bank');
    });
    expect(screen.getByRole('button', { name: 'Quick copy password for First Bank' })).toHaveTextContent('Copied');
  });
});

describe('PasswordList: entries of several vaults (placeOf, groupNameOf)', () => {
  const places: Record<string, EntryPlace> = {
    gh: { label: 'Personal', canEdit: true, canDelete: true },
    bank: { label: 'Acme', canEdit: false, canDelete: false },
    mail: { label: 'Ops', canEdit: true, canDelete: false },
  };
  const placeOf = (entry: PasswordEntry) => places[entry.id]!;

  it('says where each entry lives, in its row and its pane', async () => {
    renderList({ entries: three, placeOf });
    expect(within(screen.getByRole('listitem', { name: 'GitHub' })).getByText('Personal')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'First Bank' })).getByText('Acme')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Mail' })).getByText('Ops')).toBeInTheDocument();
    expect(within(await openItem('First Bank')).getByText('Acme')).toBeInTheDocument();
  });

  it('gives each entry its own Edit and Delete, whatever the list-wide flags say', async () => {
    renderList({ entries: three, placeOf, canEdit: false, canDelete: false });
    const personal = await openItem('GitHub');
    expect(within(personal).getByRole('button', { name: 'Edit GitHub' })).toBeInTheDocument();
    expect(within(personal).getByRole('button', { name: 'Delete GitHub' })).toBeInTheDocument();
    const viewOnly = await openItem('First Bank');
    expect(within(viewOnly).queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(within(viewOnly).getByRole('button', { name: 'Copy password for First Bank' })).toBeInTheDocument();
    const full = await openItem('Mail');
    expect(within(full).getByRole('button', { name: 'Edit Mail' })).toBeInTheDocument();
    expect(within(full).queryByRole('button', { name: 'Delete Mail' })).not.toBeInTheDocument();
  });

  it('takes group names from groupNameOf instead of the groups', async () => {
    renderList({ entries: three, groupNameOf: (entry) => (entry.id === 'bank' ? 'Banking' : null) });
    expect(within(screen.getByRole('listitem', { name: 'First Bank' })).getByText('Banking')).toBeInTheDocument();
    // GitHub's group is in `groups` (Work), but groupNameOf says none.
    expect(within(screen.getByRole('listitem', { name: 'GitHub' })).queryByText('Work')).not.toBeInTheDocument();
    expect(within(await openItem('First Bank')).getByText('Banking')).toBeInTheDocument();
  });
});

describe('PasswordList: one region at a time on a phone', () => {
  it('opens the pane over the list and goes back to the row with Back', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    expect(listRoot()).not.toHaveClass('pw-list--pane-open');
    await openItem('Mail', user);
    expect(listRoot()).toHaveClass('pw-list--pane-open');
    await user.click(within(paneOf('Mail')).getByRole('button', { name: 'Back to list' }));
    expect(listRoot()).not.toHaveClass('pw-list--pane-open');
    expect(screen.getByRole('button', { name: 'Mail' })).toHaveFocus();
    // Still selected: the pane beside the list (on a wide screen) keeps showing it.
    expect(screen.getByRole('button', { name: 'Mail' })).toHaveAttribute('aria-current', 'true');
  });

  it('goes back with Escape in the pane, but not with Escape in its dialog', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    const opened = await openItem('GitHub', user);
    await user.click(within(opened).getByRole('button', { name: 'Delete GitHub' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listRoot()).toHaveClass('pw-list--pane-open');
    expect(within(opened).getByRole('button', { name: 'Delete GitHub' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(listRoot()).not.toHaveClass('pw-list--pane-open');
    expect(screen.getByRole('button', { name: 'GitHub' })).toHaveFocus();
  });
});
