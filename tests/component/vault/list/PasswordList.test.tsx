import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ESTIMATED_ROW_HEIGHT, DEFAULT_OVERSCAN, PasswordList } from '../../../../src/features/vault/list';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { openItem, paneOf } from '../../../support/vaultList';
import { deferred, makeEntries, makeEntry, renderList } from './harness';

const github = makeEntry('gh', { title: 'GitHub', url: 'https://github.com', username: 'octocat' });
const bank = makeEntry('bank', { title: 'First Bank', url: 'bank.example', username: 'alice' });
const mail = makeEntry('mail', { title: 'Mail', username: 'ALICE@mail.test' });
const three = [github, bank, mail];

function search() {
  return screen.getByRole('searchbox', { name: 'Search passwords' });
}

function rowTitles(): string[] {
  return screen.getAllByRole('listitem').map((row) => row.querySelector('.pw-row__title')?.textContent ?? '');
}

function positions(): number[] {
  return screen.getAllByRole('listitem').map((row) => Number(row.getAttribute('aria-posinset')));
}

describe('PasswordList: empty states and search', () => {
  it('says there are no passwords yet when the list is empty', () => {
    renderList({ entries: [] });
    expect(screen.getByText('No passwords yet. Add your first password!')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No passwords match your search.')).not.toBeInTheDocument();
  });

  it('lists every entry, with a labelled list and search box', () => {
    renderList({ entries: three });
    expect(screen.getByRole('list', { name: 'Personal passwords' })).toBeInTheDocument();
    expect(search()).toBeInTheDocument();
    expect(rowTitles()).toEqual(['GitHub', 'First Bank', 'Mail']);
    expect(screen.queryByText('No passwords yet. Add your first password!')).not.toBeInTheDocument();
  });

  it('filters on title, url and username, case-insensitively', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    await user.type(search(), 'GITHUB');
    expect(rowTitles()).toEqual(['GitHub']);
    await user.clear(search());
    await user.type(search(), 'bank.EXAMPLE');
    expect(rowTitles()).toEqual(['First Bank']);
    await user.clear(search());
    await user.type(search(), '  alice ');
    expect(rowTitles()).toEqual(['First Bank', 'Mail']);
    expect(screen.getByText('2 passwords match your search.')).toBeInTheDocument();
    await user.clear(search());
    expect(rowTitles()).toEqual(['GitHub', 'First Bank', 'Mail']);
  });

  it('says nothing matches when the search filters everything out', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    await user.type(search(), 'no such thing');
    expect(screen.getByText('No passwords match your search.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No passwords yet. Add your first password!')).not.toBeInTheDocument();
  });

  it('gives every row its place in the filtered list', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    for (const row of screen.getAllByRole('listitem')) expect(row).toHaveAttribute('aria-setsize', '3');
    expect(positions()).toEqual([1, 2, 3]);
    await user.type(search(), 'mail');
    expect(screen.getByRole('listitem', { name: 'Mail' })).toHaveAttribute('aria-setsize', '1');
    expect(screen.getByRole('listitem', { name: 'Mail' })).toHaveAttribute('aria-posinset', '1');
  });
});

describe('PasswordList: virtualisation', () => {
  // jsdom has no layout: the tests say where the list is in the window (the page's scroll) and how
  // tall the window is; rows measure 0 there, so they count at the estimate unless a test gives
  // them a height.
  let pageScroll = 0;
  let rowHeightOf: (row: HTMLLIElement) => number = () => 0;

  beforeEach(() => {
    pageScroll = 0;
    rowHeightOf = () => 0;
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(400);
    vi.spyOn(HTMLUListElement.prototype, 'getBoundingClientRect').mockImplementation(() =>
      DOMRect.fromRect({ x: 0, y: -pageScroll, width: 800, height: 0 }),
    );
    vi.spyOn(HTMLLIElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLLIElement) {
      return DOMRect.fromRect({ x: 0, y: 0, width: 800, height: rowHeightOf(this) });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  function scrollPage(top: number) {
    pageScroll = top;
    fireEvent.scroll(window);
  }

  it('renders only a window of rows for 10,000 entries, and keeps the space of the others', () => {
    renderList({ entries: makeEntries(10_000) });
    const rendered = Math.ceil(400 / DEFAULT_ESTIMATED_ROW_HEIGHT) + DEFAULT_OVERSCAN;
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(rendered);
    expect(rows.length).toBeLessThan(20);
    expect(positions()).toEqual(Array.from({ length: rendered }, (_, n) => n + 1));
    for (const row of rows) expect(row).toHaveAttribute('aria-setsize', '10000');
    expect(screen.getByRole('list', { name: 'Personal passwords' })).toHaveStyle({
      paddingBottom: `${(10_000 - rendered) * DEFAULT_ESTIMATED_ROW_HEIGHT}px`,
    });
  });

  it('has no scroll box of its own: the page scrolls it, and it renders the rows in view', () => {
    renderList({ entries: makeEntries(10_000), estimatedRowHeight: 100, overscan: 2 });
    const list = screen.getByRole('list', { name: 'Personal passwords' });
    for (let element: HTMLElement | null = list; element !== null; element = element.parentElement) {
      expect(element.style.maxHeight).toBe('');
      expect(element.style.overflow + element.style.overflowY).toBe('');
    }
    expect(positions()).toEqual([1, 2, 3, 4, 5, 6]);

    scrollPage(5_000 * 100);
    // Rows 5001–5004 are in view, two more on either side; the rows above are space.
    expect(positions()).toEqual([4999, 5000, 5001, 5002, 5003, 5004, 5005, 5006]);
    expect(screen.getByRole('listitem', { name: 'Account 4999' })).toHaveStyle({ marginTop: `${4_998 * 100}px` });
    expect(screen.queryByRole('listitem', { name: 'Account 1' })).not.toBeInTheDocument();

    scrollPage(10_000 * 100);
    expect(positions()).toEqual([9995, 9996, 9997, 9998, 9999, 10000]);
  });

  it('renders the first rows while the list is still further down the page', () => {
    renderList({ entries: makeEntries(10_000), estimatedRowHeight: 100, overscan: 2 });
    scrollPage(-1_000);
    expect(positions()).toEqual([1, 2, 3]);
  });

  it('counts each row at its measured height, not a fixed one', () => {
    // The first entry is tall (long notes, large text), the others short.
    rowHeightOf = (row) => (row.getAttribute('aria-posinset') === '1' ? 300 : 60);
    const { rerender } = renderList({ entries: makeEntries(100), estimatedRowHeight: 100, overscan: 0 });
    // 0–300 is row 1, 300–360 row 2, 360–420 row 3: the window of 400 px ends in row 3.
    expect(positions()).toEqual([1, 2, 3]);
    // Render (and so measure) every row once, then only those in view again.
    rerender({ estimatedRowHeight: 100, overscan: 100 });
    rerender({ estimatedRowHeight: 100, overscan: 0 });
    scrollPage(300 + 60 * 10);
    expect(positions()).toEqual(Array.from({ length: 7 }, (_, n) => n + 12));
    expect(screen.getByRole('listitem', { name: 'Account 12' })).toHaveStyle({ marginTop: `${300 + 60 * 10}px` });
  });

  it('keeps the row holding focus rendered when it scrolls away', () => {
    renderList({ entries: makeEntries(10_000), estimatedRowHeight: 100, overscan: 2 });
    const edit = screen.getByRole('button', { name: 'Account 2' });
    edit.focus();
    scrollPage(5_000 * 100);
    expect(edit).toHaveFocus();
    expect(positions()).toEqual([2, 4999, 5000, 5001, 5002, 5003, 5004, 5005, 5006]);
    // The focused row takes its own place; the space between it and the window stays right.
    expect(screen.getByRole('listitem', { name: 'Account 4999' })).toHaveStyle({ marginTop: `${4_996 * 100}px` });
  });

  it('lets Tab reach one row, and the arrows move between rendered rows', async () => {
    const user = userEvent.setup();
    renderList({ entries: makeEntries(10_000), estimatedRowHeight: 100, overscan: 2 });
    await user.click(search());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Account 1' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Quick copy password for Account 1' })).toHaveFocus();
    // One row at a time is in the tab order: the other rows are reached with the arrows.
    expect(screen.getByRole('button', { name: 'Account 2' })).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Account 2' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Quick copy password for Account 2' })).toHaveFocus();
  });

  it('lists a search’s first matches from the top', async () => {
    const user = userEvent.setup();
    renderList({ entries: makeEntries(10_000), estimatedRowHeight: 100, overscan: 2 });
    await user.type(search(), 'Account 1');
    expect(rowTitles().slice(0, 3)).toEqual(['Account 1', 'Account 10', 'Account 11']);
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '1112');
  });

  it('copes with a scroll position left beyond the end of a list that shrank', () => {
    const { rerender } = renderList({ entries: makeEntries(10_000), estimatedRowHeight: 100, overscan: 2 });
    scrollPage(9_000 * 100);
    rerender({ entries: makeEntries(10) });
    expect(positions()).toEqual([5, 6, 7, 8, 9, 10]);
  });
});

describe('PasswordList: edit and delete', () => {
  it('shows Edit and Delete per row when allowed, and calls onEdit with the entry', async () => {
    const user = userEvent.setup();
    const { onEdit } = renderList({ entries: three });
    await openItem('First Bank', user);
    await user.click(screen.getByRole('button', { name: 'Edit First Bank' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onEdit).toHaveBeenCalledWith(bank);
    expect(screen.getByRole('button', { name: 'Delete First Bank' })).toBeInTheDocument();
  });

  it('hides Edit when canEdit is false and Delete when canDelete is false', async () => {
    const { rerender } = renderList({ entries: three, canEdit: false });
    await openItem('GitHub');
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(1);

    rerender({ canEdit: true, canDelete: false });
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();

    rerender({ canEdit: false, canDelete: false });
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    // The pane still shows the entry, for copying.
    expect(within(paneOf('GitHub')).getByRole('button', { name: 'Copy password for GitHub' })).toBeInTheDocument();
  });

  it('asks before deleting, and Cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const { onDelete } = renderList({ entries: three });
    await openItem('GitHub', user);
    const opener = screen.getByRole('button', { name: 'Delete GitHub' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete Password' });
    expect(within(dialog).getByText('Are you sure you want to delete this password?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('deletes once on confirm, showing progress, then closes', async () => {
    const user = userEvent.setup();
    const pending = deferred<undefined>();
    const { onDelete } = renderList({ entries: three });
    onDelete.mockReturnValueOnce(pending.promise);
    await openItem('GitHub', user);
    await user.click(screen.getByRole('button', { name: 'Delete GitHub' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const busy = within(dialog).getByRole('button', { name: 'Deleting…' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(busy);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete Password' })).toBeInTheDocument();
    pending.resolve(undefined);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledWith(github);
  });

  it('keeps the dialog open with an error when deleting fails, and can retry', async () => {
    const user = userEvent.setup();
    const { onDelete } = renderList({ entries: three });
    onDelete.mockRejectedValueOnce(new Error('offline'));
    await openItem('Mail', user);
    await user.click(screen.getByRole('button', { name: 'Delete Mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete password');
    expect(within(dialog).getByText('Are you sure you want to delete this password?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

/** A list whose onDelete removes the entry, as the vault does once the delete is stored. */
function DeletingList({ initial, canEdit = true }: { initial: readonly PasswordEntry[]; canEdit?: boolean }) {
  const [entries, setEntries] = useState(initial);
  return (
    <PasswordList
      label="Personal passwords"
      entries={entries}
      canEdit={canEdit}
      canDelete
      onEdit={() => undefined}
      onDelete={(entry) => {
        setEntries((list) => list.filter((candidate) => candidate.id !== entry.id));
        return Promise.resolve();
      }}
    />
  );
}

async function confirmDelete(user: ReturnType<typeof userEvent.setup>, title: string) {
  await openItem(title, user);
  await user.click(screen.getByRole('button', { name: `Delete ${title}` }));
  const dialog = screen.getByRole('dialog', { name: 'Delete Password' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
}

describe('PasswordList: focus after a delete', () => {
  /** The row of `title` holds focus, is selected, and its entry is in the pane. */
  function expectSelectedWithFocus(title: string) {
    const row = screen.getByRole('button', { name: title });
    expect(row).toHaveFocus();
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  }

  it('selects the next entry, focuses its row and announces the delete', async () => {
    const user = userEvent.setup();
    render(<DeletingList initial={three} />);
    await confirmDelete(user, 'GitHub');
    expect(screen.queryByRole('listitem', { name: 'GitHub' })).not.toBeInTheDocument();
    await waitFor(() => {
      expectSelectedWithFocus('First Bank');
    });
    expect(screen.getByRole('button', { name: 'Edit First Bank' })).toBeInTheDocument();
    // Said in the list's live region, for screen readers.
    expect(screen.getByText('GitHub deleted.')).toHaveAttribute('role', 'status');
    expect(document.body).not.toHaveFocus();
  });

  it('selects the previous entry when the last one is deleted', async () => {
    const user = userEvent.setup();
    render(<DeletingList initial={three} />);
    await confirmDelete(user, 'Mail');
    await waitFor(() => {
      expectSelectedWithFocus('First Bank');
    });
    expect(screen.getByText('Mail deleted.')).toBeInTheDocument();
  });

  it('moves focus to the next row when the pane has no Edit', async () => {
    const user = userEvent.setup();
    render(<DeletingList initial={three} canEdit={false} />);
    await confirmDelete(user, 'First Bank');
    await waitFor(() => {
      expectSelectedWithFocus('Mail');
    });
    expect(screen.getByRole('button', { name: 'Delete Mail' })).toBeInTheDocument();
  });

  it('selects nothing by itself once the list is empty and entries come back', async () => {
    const user = userEvent.setup();
    const { onDelete, rerender } = renderList({ entries: [github] });
    onDelete.mockImplementation(() => {
      rerender({ entries: [] });
      return Promise.resolve();
    });
    await confirmDelete(user, 'GitHub');
    await waitFor(() => {
      expect(search()).toHaveFocus();
    });
    rerender({ entries: [bank, mail] });
    expect(screen.getByText('Select an item to see its details.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('heading', { name: 'Mail' })).toBeInTheDocument();
  });

  it('moves focus to the search box when the list becomes empty', async () => {
    const user = userEvent.setup();
    render(<DeletingList initial={[github]} />);
    await confirmDelete(user, 'GitHub');
    expect(screen.getByText('No passwords yet. Add your first password!')).toBeInTheDocument();
    await waitFor(() => {
      expect(search()).toHaveFocus();
    });
    expect(screen.getByText('GitHub deleted.')).toBeInTheDocument();
  });
});
