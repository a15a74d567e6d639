// Issue #43: the row's quick copy says what it copies; the vault's Add Password sits in the
// search's bar; on a phone the opened item is a full screen with Back, the rest of the page out of
// reach until Back gives focus back to the row. (Layout itself: tests/browser/vaultLayout.test.ts.)
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordList } from '../../../../src/features/vault/list';
import { PHONE_QUERY } from '../../../../src/features/vault/list/phoneLayout';
import { makeEntry, renderList, stubClipboard } from './harness';

const entries = [
  makeEntry('a', { title: 'Alpha', username: 'ann', password: 'alpha-pw' }),
  makeEntry('b', { title: 'Bravo', username: 'bob', password: 'bravo-pw' }),
];

/** A phone's viewport, as matchMedia answers it (jsdom has no matchMedia of its own). */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === PHONE_QUERY, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the row’s quick copy', () => {
  it('says what it copies, names its entry, and ticks after the copy', async () => {
    // After userEvent.setup, which puts a clipboard of its own in place.
    const user = userEvent.setup();
    const writeText = stubClipboard();
    renderList({ entries });
    const copy = within(screen.getByRole('listitem', { name: 'Alpha' })).getByRole('button', { name: 'Quick copy password for Alpha' });
    expect(copy).toHaveTextContent(/^Copy password$/);
    expect(copy).toHaveAttribute('title', 'Copy password');
    await user.click(copy);
    await waitFor(() => {
      expect(copy).toHaveTextContent('Copied');
    });
    expect(writeText).toHaveBeenCalledWith('alpha-pw');
    // No row button is just 'Copy'.
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });
});

describe('the list’s toolbar', () => {
  it('holds the vault’s action beside the search box', () => {
    renderList({ entries, toolbarAction: <button type="button">Add Password</button> });
    const search = screen.getByRole('searchbox', { name: 'Search passwords' });
    const bar = search.closest('.pw-list__toolbar');
    expect(bar).not.toBeNull();
    expect(within(bar as HTMLElement).getByRole('button', { name: 'Add Password' })).toBeInTheDocument();
  });
});

describe('the item pane on a phone', () => {
  it('opens as a full screen: focus on its heading, the rest of the page inert; Back gives focus back to the row', async () => {
    onPhone();
    const user = userEvent.setup();
    render(
      <>
        <header>
          <button type="button">Menu</button>
        </header>
        <main>
          <PasswordList entries={entries} canEdit canDelete onEdit={vi.fn()} onDelete={vi.fn(() => Promise.resolve())} label="Personal passwords" />
        </main>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Bravo' }));
    const pane = screen.getByRole('region', { name: 'Item details' });
    expect(within(pane).getByRole('heading', { name: 'Bravo' })).toHaveFocus();
    expect(document.querySelector('.pw-list')).toHaveClass('pw-list--pane-open');
    // Nothing outside the pane can be reached, the header included; what the list says is still heard.
    expect(screen.getByRole('banner')).toHaveAttribute('inert');
    expect(document.querySelector('.pw-list__toolbar')).toHaveAttribute('inert');
    expect(document.querySelector('.pw-list__main')).toHaveAttribute('inert');
    expect(pane.closest('[inert]')).toBeNull();
    expect(document.querySelector('.pw-list > [role="status"]')).not.toHaveAttribute('inert');
    // Its fields and actions are all there (SPEC.md "Password list and form").
    for (const name of ['Copy username for Bravo', 'Show password for Bravo', 'Copy password for Bravo', 'Edit Bravo', 'Delete Bravo']) {
      expect(within(pane).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(pane).toHaveTextContent(/Created .+Updated /);

    await user.click(within(pane).getByRole('button', { name: 'Back to list' }));
    expect(document.querySelector('.pw-list')).not.toHaveClass('pw-list--pane-open');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Bravo' })).toHaveFocus();
    });
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('Escape in the pane is Back as well', async () => {
    onPhone();
    const user = userEvent.setup();
    renderList({ entries });
    await user.click(screen.getByRole('button', { name: 'Alpha' }));
    expect(screen.getByRole('heading', { name: 'Alpha' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Alpha' })).toHaveFocus();
    });
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('beside the list on a wide screen, nothing is made inert', async () => {
    const user = userEvent.setup();
    renderList({ entries });
    await user.click(screen.getByRole('button', { name: 'Alpha' }));
    expect(screen.getByRole('region', { name: 'Item details' })).toHaveTextContent('Alpha');
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
