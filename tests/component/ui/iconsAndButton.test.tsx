// The icon convention (src/ui/icons.tsx) and Button's icon props: icons are decorative and never
// change a control's accessible name; an icon-only button cannot be written without one.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/ui/Button';
import { Dialog } from '../../../src/ui/Dialog';
import { PasswordField } from '../../../src/ui/PasswordField';
import * as icons from '../../../src/ui/icons';

describe('the icon set', () => {
  it('draws every icon hidden from assistive technology, unfocusable, in the text colour, sized by the token class', () => {
    const entries = Object.entries(icons).filter(([name]) => name.endsWith('Icon'));
    expect(entries.length).toBeGreaterThanOrEqual(24);
    for (const [name, Glyph] of entries) {
      const { container, unmount } = render(<Glyph className="extra" />);
      const svg = container.querySelector('svg');
      expect(svg, name).not.toBeNull();
      expect(svg?.getAttribute('aria-hidden'), name).toBe('true');
      expect(svg?.getAttribute('focusable'), name).toBe('false');
      expect(svg?.getAttribute('stroke'), name).toBe('currentColor');
      expect(svg?.classList.contains('icon'), name).toBe(true);
      expect(svg?.classList.contains('extra'), name).toBe(true);
      unmount();
    }
  });
});

describe('Button with an icon', () => {
  it('keeps its text as its name, with the icon before it', () => {
    render(<Button icon={<icons.PlusIcon />}>Add Password</Button>);
    const button = screen.getByRole('button', { name: 'Add Password' });
    expect(button.firstElementChild?.tagName.toLowerCase()).toBe('svg');
    expect(button).toHaveClass('btn', 'btn--primary', 'btn--md');
    expect(button).not.toHaveClass('btn--icon');
  });

  it('as icon-only: square, named by its aria-label alone, and still a plain button', async () => {
    const onClick = vi.fn();
    render(<Button iconOnly icon={<icons.CopyIcon />} aria-label="Copy password for Mail" variant="ghost" size="sm" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Copy password for Mail' });
    expect(button).toHaveClass('btn', 'btn--ghost', 'btn--sm', 'btn--icon');
    expect(button).toHaveAttribute('type', 'button');
    expect(button.textContent).toBe('');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('requires a name for an icon-only button, and no text inside it, at the type level', () => {
    // @ts-expect-error an icon-only button without aria-label has no accessible name
    const nameless = <Button iconOnly icon={<icons.XIcon />} />;
    // @ts-expect-error an icon-only button takes no children (its text would be its name)
    const withText = <Button iconOnly icon={<icons.XIcon />} aria-label="Close">Close</Button>;
    // @ts-expect-error icon-only means there is an icon to show
    const noIcon = <Button iconOnly aria-label="Close" />;
    expect([nameless, withText, noIcon]).toHaveLength(3);
  });
});

describe('icons in the shared components keep their names', () => {
  it("Dialog's close button is still named Close (or its given label) and closes", async () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Account Settings" closeLabel="Close settings">
        <p>Body</p>
      </Dialog>,
    );
    const close = screen.getByRole('button', { name: 'Close settings' });
    expect(close.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("PasswordField's toggle keeps its name and visible word, with the eye matching the state", async () => {
    render(<PasswordField label="Master password" toggleName="master password" value="s3cret" onChange={() => {}} autoComplete="current-password" />);
    const show = screen.getByRole('button', { name: 'Show master password' });
    expect(show).toHaveTextContent('Show');
    const shownIcon = show.querySelector('svg')?.getAttribute('class');
    await userEvent.click(show);
    const hide = screen.getByRole('button', { name: 'Hide master password' });
    expect(hide).toHaveTextContent('Hide');
    expect(screen.getByLabelText('Master password')).toHaveAttribute('type', 'text');
    expect(hide.querySelector('svg')?.getAttribute('class')).not.toBe(shownIcon);
  });
});
