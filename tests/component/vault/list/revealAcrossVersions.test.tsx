// Issue #42: a Show click is not lost when a newer version of the shown entry comes in (a key
// rotation resumed in the background re-encrypts every team entry: new revisions, the same
// values). The pane keeps the password shown when the newer version has the same one (its sealed
// details opened to tell), hides it when the password really changed (issue #22), and a Show
// whose details open just as a newer version arrives shows the newer version's password.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asStoredCiphertext } from '../../../../src/crypto';
import type { PasswordEntry } from '../../../../src/features/vault/model';
import { openItemNow } from '../../../support/vaultList';
import { deferred, makeEntry, renderList, type ListHarness } from './harness';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A sealed version of entry 1 as the list loads it: overview only, the password in `passwords`. */
const sealedAt = (revision: number): PasswordEntry =>
  makeEntry('1', { title: 'Vault', password: '', notes: null, sealed: true, revision, sealedDetails: { sealed: asStoredCiphertext('entry-details', revision === 1 ? 'AAAA' : 'BBBB'), keyVersion: revision } });

/**
 * The list as the vault session keeps it: opening a version's details puts the opened entry in the
 * list (PasswordListProps.onOpenDetails), unless a newer version came in meanwhile.
 */
function liveList(passwords: Map<number, string>, gate: (revision: number) => Promise<void> = () => Promise.resolve()) {
  let entries: PasswordEntry[] = [sealedAt(1)];
  const view: { current: ListHarness | null } = { current: null };
  const onOpenDetails = vi.fn(async (entry: PasswordEntry) => {
    await gate(entry.revision);
    const opened = { ...entry, password: passwords.get(entry.revision) ?? '', sealedDetails: undefined };
    entries = entries.map((candidate) => (candidate === entry ? opened : candidate));
    view.current?.rerender({ entries, onOpenDetails });
    return opened;
  });
  const harness = renderList({ entries, onOpenDetails });
  view.current = harness;
  return {
    onOpenDetails,
    /** A newer version of the entry comes in, as a live read brings it. */
    arrive: (revision: number) => {
      entries = [sealedAt(revision)];
      act(() => {
        harness.rerender({ entries, onOpenDetails });
      });
    },
  };
}

const pane = () => (screen.queryByRole('heading', { name: 'Vault' }) === null ? openItemNow('Vault') : screen.getByRole('heading', { name: 'Vault' }).closest('section')!);

describe('a shown password and a newer version of its entry', () => {
  it('stays shown when the newer version has the same password (a rotation re-encrypted it)', async () => {
    const list = liveList(new Map([[1, 'same secret'], [2, 'same secret']]));
    within(pane()).getByRole('button', { name: 'Show password for Vault' }).click();
    expect(await within(pane()).findByText('same secret')).toBeInTheDocument();

    list.arrive(2);
    await waitFor(() => {
      expect(list.onOpenDetails).toHaveBeenCalledTimes(2);
    });
    expect(await within(pane()).findByText('same secret')).toBeInTheDocument();
    expect(within(pane()).getByRole('button', { name: 'Hide password for Vault' })).toBeInTheDocument();
  });

  it('is hidden again when the newer version’s password differs', async () => {
    const list = liveList(new Map([[1, 'old secret'], [2, 'new secret']]));
    within(pane()).getByRole('button', { name: 'Show password for Vault' }).click();
    expect(await within(pane()).findByText('old secret')).toBeInTheDocument();

    list.arrive(2);
    await waitFor(() => {
      expect(list.onOpenDetails).toHaveBeenCalledTimes(2);
    });
    await waitFor(() => {
      expect(within(pane()).getByRole('button', { name: 'Show password for Vault' })).toBeInTheDocument();
    });
    expect(within(pane()).queryByText('new secret')).not.toBeInTheDocument();
    expect(within(pane()).queryByText('old secret')).not.toBeInTheDocument();
  });

  it('a Show whose details open just as a newer version comes in shows the newer version’s password, never the placeholder', async () => {
    const first = deferred<undefined>();
    const list = liveList(new Map([[1, 'same secret'], [2, 'same secret']]), (revision) => (revision === 1 ? first.promise : Promise.resolve()));
    within(pane()).getByRole('button', { name: 'Show password for Vault' }).click();
    list.arrive(2);
    await act(async () => {
      first.resolve(undefined);
      await first.promise;
    });
    expect(await within(pane()).findByText('same secret')).toBeInTheDocument();
    expect(list.onOpenDetails.mock.calls.map(([entry]) => entry.revision)).toEqual([1, 2]);
  });
});
