import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { focusableWithin } from '../../../src/ui/focusable';
import { UpgradeOverlay } from '../../../src/ui/UpgradeOverlay';

function Section() {
  return (
    <section aria-label="Personal Passwords">
      <h2>Personal Passwords</h2>
      <button type="button">Add Password</button>
      <a href="/somewhere">Example entry</a>
      <input aria-label="Filter" />
    </section>
  );
}

function renderOverlay(locked: boolean) {
  return render(
    <MemoryRouter>
      <UpgradeOverlay locked={locked}>
        <Section />
      </UpgradeOverlay>
    </MemoryRouter>,
  );
}

describe('UpgradeOverlay', () => {
  it("locked: a labelled region says 'Upgrade to Access' and links to /billing", () => {
    renderOverlay(true);
    const region = screen.getByRole('region', { name: 'Upgrade to Access' });
    expect(within(region).getByRole('heading', { name: 'Upgrade to Access' })).toBeInTheDocument();
    expect(
      within(region).getByText('Your trial has ended. Upgrade to keep using personal passwords and teams.'),
    ).toBeInTheDocument();
    const link = within(region).getByRole('link', { name: 'View plans' });
    expect(link).toHaveAttribute('href', '/billing');
  });

  it('locked: the covered content is hidden from the accessibility tree', () => {
    renderOverlay(true);
    expect(screen.queryByRole('region', { name: 'Personal Passwords' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Personal Passwords' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Example entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Filter' })).not.toBeInTheDocument();
    // What is left for assistive technology is the panel: one heading, one link.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('locked: the covered content is inert, so nothing in it takes keyboard focus', () => {
    renderOverlay(true);
    // jsdom does not implement `inert`, so check the attribute the browser acts on, and the app's
    // own Tab-order helper (used by Dialog), which honours it.
    const cover = screen.getByText('Add Password').closest('[inert]');
    expect(cover).not.toBeNull();
    expect(cover).toHaveAttribute('aria-hidden', 'true');
    expect(cover).toContainElement(screen.getByText('Example entry'));
    expect(cover).toContainElement(screen.getByLabelText('Filter'));
    expect(focusableWithin(document.body).map((element) => element.textContent)).toEqual(['View plans']);
  });

  it('unlocked: renders the children untouched, with no overlay and no wrapper', () => {
    const { container } = renderOverlay(false);
    expect(screen.queryByText('Upgrade to Access')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View plans' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Personal Passwords' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Password' })).toBeInTheDocument();
    expect(container.querySelector('[inert], [aria-hidden]')).toBeNull();
    expect(container.children).toHaveLength(1);
    expect(container.firstElementChild?.tagName).toBe('SECTION');
    expect(focusableWithin(document.body)).toHaveLength(3);
  });
});
