// Issue #43 item 0: while a vault in view has yet to answer, the list is busy and shows a skeleton
// of rows where it has none, never 'No passwords yet' nor 'No passwords match your search.'.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeEntry, renderList } from './harness';

const EMPTY = 'No passwords yet. Add your first password!';
const NO_MATCH = 'No passwords match your search.';
const skeleton = () => screen.queryByTestId('list-skeleton');
/** The region the rows are drawn in: busy while loading. */
const busyRegion = () => document.querySelector('[aria-busy="true"]');

describe('PasswordList while vaults are loading', () => {
  it('with no entry yet: a skeleton of rows in a busy region, no empty text, no list', () => {
    renderList({ entries: [], loading: true });
    expect(skeleton()).toBeInTheDocument();
    expect(skeleton()).toHaveAttribute('aria-hidden', 'true');
    expect(busyRegion()).toContainElement(skeleton());
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('with the entries of the vaults that answered: their rows, the region still busy, no skeleton', () => {
    renderList({ entries: [makeEntry('a', { title: 'Alpha' })], loading: true });
    expect(screen.getByRole('list', { name: 'Personal passwords' })).toBeInTheDocument();
    expect(busyRegion()).toContainElement(screen.getByRole('list'));
    expect(skeleton()).not.toBeInTheDocument();
  });

  it('a search that matches nothing so far says nothing about matches until every vault has answered', async () => {
    const user = userEvent.setup();
    const { rerender } = renderList({ entries: [makeEntry('a', { title: 'Alpha' })], loading: true });
    await user.type(screen.getByRole('searchbox', { name: 'Search passwords' }), 'zebra');
    expect(screen.queryByText(NO_MATCH)).not.toBeInTheDocument();
    expect(skeleton()).toBeInTheDocument();
    rerender({ loading: false });
    expect(screen.getByText(NO_MATCH)).toBeInTheDocument();
    expect(skeleton()).not.toBeInTheDocument();
  });

  it('once every vault has answered empty: the empty text, nothing busy', () => {
    const { rerender } = renderList({ entries: [], loading: true });
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    rerender({ loading: false });
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
    expect(skeleton()).not.toBeInTheDocument();
    expect(busyRegion()).toBeNull();
  });
});
