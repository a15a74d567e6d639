// Issue #18 item 0: rows show as each page of a vault is read and opened, in title order as pages
// merge; 'Loading your passwords…' until the first rows; no add, edit or delete until the whole
// list is in; a page that fails shows the load error, never the rows so far as the whole vault.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../../src/crypto';
import { PersonalPasswordsSection } from '../../../../src/features/vault/PersonalPasswordsSection';
import { savePassword, type PersonalVaultDeps } from '../../../../src/features/vault/personalVault';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { expectConsoleError } from '../../../support/consoleErrors';
import { openItem } from '../../../support/vaultList';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A page that is held back until the test lets it go (or fails it). */
function gates() {
  const held = new Map<number, { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void }>();
  const gate = (index: number) => {
    let found = held.get(index);
    if (found === undefined) {
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<void>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      found = { promise, resolve, reject };
      held.set(index, found);
    }
    return found;
  };
  return {
    beforePage: (index: number) => gate(index).promise,
    release: (index: number) => {
      gate(index).resolve();
    },
    fail: (index: number) => {
      gate(index).reject(new Error('the connection dropped'));
    },
  };
}

async function setup(titles: readonly string[]) {
  const deps: PersonalVaultDeps & { passwords: MemoryPasswordRepository } = {
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    vaultKey,
    userId: 'ana',
    now: () => Date.UTC(2026, 10, 21),
    sealedFormat: true,
  };
  for (const title of titles) {
    await savePassword(deps, { title, url: null, notes: null, username: `${title}-user`, password: `${title}-secret`, groupId: null });
  }
  deps.passwords.pageSize = 2;
  const pages = gates();
  deps.passwords.beforePage = pages.beforePage;
  const user = userEvent.setup();
  render(
    <StrictMode>
      <PersonalPasswordsSection deps={deps} />
    </StrictMode>,
  );
  return { deps, pages, user };
}

/** The rows' names (each row is labelled by its title), in list order. */
const rowTitles = (): string[] =>
  screen.queryAllByRole('listitem').map((row) => document.getElementById(row.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');

describe('a vault shown a page at a time', () => {
  it('shows the rows of each page as it arrives, in title order, and the actions once the whole list is in', async () => {
    const { pages } = await setup(['Mail', 'Bank', 'Zoo', 'Alpha', 'Cloud']);
    expect(screen.getByText('Loading your passwords…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No passwords yet. Add your first password!')).not.toBeInTheDocument();

    pages.release(0);
    await waitFor(() => {
      expect(rowTitles()).toHaveLength(2);
    });
    // Rows before the last page: shown, ordered, with progress, but nothing that writes yet.
    expect(rowTitles()).toEqual([...rowTitles()].sort());
    expect(screen.getByText('Loading your passwords… 2 so far')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Add Password' })).toBeDisabled();
    // An opened row shows its values, but no Edit or Delete yet.
    const [firstTitle] = rowTitles() as [string];
    const pane = await openItem(firstTitle);
    expect(within(pane).getByRole('button', { name: `Copy password for ${firstTitle}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Group')).not.toBeInTheDocument();

    pages.release(1);
    await waitFor(() => {
      expect(rowTitles()).toHaveLength(4);
    });
    expect(rowTitles()).toEqual([...rowTitles()].sort());
    pages.release(2);
    await waitFor(() => {
      expect(rowTitles()).toEqual(['Alpha', 'Bank', 'Cloud', 'Mail', 'Zoo']);
    });
    await waitFor(() => {
      expect(screen.queryByText(/^Loading your passwords…/)).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Add Password' })).toBeEnabled();
    await openItem('Alpha');
    expect(screen.getByRole('button', { name: 'Edit Alpha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Alpha' })).toBeInTheDocument();
    expect(screen.getByLabelText('Group')).toBeInTheDocument();
  });

  it('shows a row’s password while later pages are still loading', async () => {
    const { pages, user } = await setup(['Bank', 'Mail', 'Zoo']);
    pages.release(0);
    await screen.findAllByRole('listitem');
    const [title] = rowTitles() as [string];
    const first = await openItem(title, user);
    await user.click(within(first).getByRole('button', { name: `Show password for ${title}` }));
    expect(await within(first).findByText(`${title}-secret`)).toBeInTheDocument();
    pages.release(1);
    await waitFor(() => {
      expect(rowTitles()).toEqual(['Bank', 'Mail', 'Zoo']);
    });
    // The merge of the last page kept the opened row.
    expect(within(screen.getByRole('heading', { name: title }).closest('section')!).getByText(`${title}-secret`)).toBeInTheDocument();
  });

  it('a last page that fails shows the load error with Try again, not the rows so far; trying again loads the whole vault', async () => {
    expectConsoleError(/^Failed to load teams\/passwords Error: the connection dropped/);
    const { deps, pages, user } = await setup(['Alpha', 'Bank', 'Cloud', 'Mail', 'Zoo']);
    pages.release(0);
    pages.release(1);
    await waitFor(() => {
      expect(rowTitles()).toHaveLength(4);
    });
    pages.fail(2);
    expect(await screen.findByText('Failed to load teams/passwords')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No passwords yet. Add your first password!')).not.toBeInTheDocument();

    deps.passwords.beforePage = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(rowTitles()).toEqual(['Alpha', 'Bank', 'Cloud', 'Mail', 'Zoo']);
    });
    expect(screen.queryByText('Failed to load teams/passwords')).not.toBeInTheDocument();
  });
});
