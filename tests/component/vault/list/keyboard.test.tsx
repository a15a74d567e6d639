// The list's keys: arrows, Home/End and Enter in the search box and the rows, '/' and '?' on the
// page, Alt+P and Alt+U for the selected entry.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeEntry, renderList, stubClipboard } from './harness';

const github = makeEntry('gh', { title: 'GitHub', username: 'octocat', password: 'hunter2!' });
const bank = makeEntry('bank', { title: 'First Bank', username: 'alice', password: 'pw-bank' });
const mail = makeEntry('mail', { title: 'Mail', username: 'ALICE@mail.test', password: 'pw-mail' });
const three = [github, bank, mail];

function search() {
  return screen.getByRole('searchbox', { name: 'Search passwords' });
}

function selectedTitle(): string | null {
  return screen.queryAllByRole('button', { current: true })[0]?.querySelector('.pw-row__title')?.textContent ?? null;
}

function paneHeading() {
  return within(screen.getByRole('region', { name: 'Item details' })).getByRole('heading');
}

describe('PasswordList keys: moving the selection', () => {
  it('moves the selection from the search box, leaving focus there', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    await user.click(search());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'GitHub' })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Mail' })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'First Bank' })).toHaveAttribute('aria-current', 'true');
    expect(paneHeading()).toHaveTextContent('First Bank');
    expect(search()).toHaveFocus();
  });

  it('moves focus and selection among the rows with the arrows, Home and End', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'First Bank' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'First Bank' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'First Bank' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'GitHub' })).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Mail' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Mail' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'GitHub' })).toHaveFocus();
    expect(selectedTitle()).toBe('GitHub');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'GitHub' })).toHaveFocus();
  });

  it('opens the selected item with Enter, from the search box or a row', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    await user.type(search(), 'mail{Enter}');
    expect(paneHeading()).toHaveTextContent('Mail');
    expect(paneHeading()).toHaveFocus();
    expect(paneHeading()).toHaveAttribute('tabindex', '-1');

    await user.clear(search());
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(paneHeading()).toHaveTextContent('First Bank');
    expect(paneHeading()).toHaveFocus();
  });
});

describe('PasswordList keys: the page and the shortcuts', () => {
  it('focuses the search box with / from anywhere but a text field', async () => {
    const user = userEvent.setup();
    render(
      <>
        <textarea aria-label="Other text" />
        <button type="button">Elsewhere</button>
      </>,
    );
    renderList({ entries: three });
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('/');
    expect(search()).toHaveFocus();
    expect(search()).toHaveValue('');
    // In the search box, and in any other text field, '/' is typed.
    await user.keyboard('/');
    expect(search()).toHaveValue('/');
    await user.click(screen.getByRole('textbox', { name: 'Other text' }));
    await user.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Other text' })).toHaveValue('/');
  });

  it('lists the shortcuts in a dialog opened with ? or its button, and / does nothing while it is open', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const action of [/Focus the search box/, /Open the selected item/, /password/, /username/]) {
      expect(within(dialog).getByText(action)).toBeInTheDocument();
    }
    await user.keyboard('/');
    expect(search()).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('copies the selected entry’s password with Alt+P and username with Alt+U, from the search box and the list', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    const writeText = stubClipboard();
    await user.type(search(), 'bank');
    await user.keyboard('{Alt>}p{/Alt}');
    await waitFor(() => {
      expect(writeText).toHaveBeenLastCalledWith('pw-bank');
    });
    // Typed nothing into the box.
    expect(search()).toHaveValue('bank');
    await user.clear(search());
    await user.click(screen.getByRole('button', { name: 'Mail' }));
    await user.keyboard('{Alt>}u{/Alt}');
    await waitFor(() => {
      expect(writeText).toHaveBeenLastCalledWith('ALICE@mail.test');
    });
    expect(within(screen.getByRole('region', { name: 'Item details' })).getByText('Copied')).toBeInTheDocument();
  });

  it('matches the copy shortcuts on the physical key, so macOS Option characters do not matter', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    const writeText = stubClipboard();
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    // Option+P types 'π' on a Mac keyboard.
    fireEvent.keyDown(screen.getByRole('button', { name: 'GitHub' }), { key: 'π', code: 'KeyP', altKey: true });
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('hunter2!');
    });
  });

  it('copies nothing from a dialog opened in the pane', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    const writeText = stubClipboard();
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    await user.click(screen.getByRole('button', { name: 'Delete GitHub' }));
    expect(within(screen.getByRole('dialog', { name: 'Delete Password' })).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Alt>}p{/Alt}');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies nothing while nothing is selected', async () => {
    const user = userEvent.setup();
    renderList({ entries: three });
    const writeText = stubClipboard();
    await user.click(search());
    await user.keyboard('{Alt>}p{/Alt}');
    expect(writeText).not.toHaveBeenCalled();
  });
});
