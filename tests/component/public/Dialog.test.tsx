import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, type DialogProps } from '../../../src/ui/Dialog';

type HarnessProps = Partial<Pick<DialogProps, 'closeOnBackdropClick' | 'description'>> & {
  focusSave?: boolean;
  empty?: boolean;
};

function Harness({ focusSave = false, empty = false, ...options }: HarnessProps) {
  const [open, setOpen] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <button type="button">Behind</button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        title="Edit profile"
        initialFocusRef={focusSave ? saveRef : undefined}
        {...options}
      >
        {empty ? (
          <p>Nothing to do here.</p>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
            }}
          >
            <label>
              Name <input />
            </label>
            <button ref={saveRef} type="submit">
              Save
            </button>
          </form>
        )}
      </Dialog>
    </>
  );
}

async function openHarness(props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Edit profile' }) };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a labelled modal dialog with an optional description', async () => {
    const { dialog } = await openHarness({ description: 'Change how teammates see you.' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Edit profile');
    expect(dialog).toHaveAccessibleDescription('Change how teammates see you.');
  });

  it('moves focus to the first field of its body on open', async () => {
    await openHarness();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('focuses the requested element when given one', async () => {
    await openHarness({ focusSave: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('focuses the dialog itself when its body has nothing focusable', async () => {
    const { dialog } = await openHarness({ empty: true });
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const { user, opener } = await openHarness();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape when focus has fallen out to the page body (a focused button removed)', async () => {
    const { user } = await openHarness();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the Close button and returns focus to the opener', async () => {
    const { user, opener } = await openHarness();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside: wraps forward from the last element and backward from the first', async () => {
    const { user } = await openHarness();
    const close = screen.getByRole('button', { name: 'Close' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });

    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('Tab from the dialog container itself goes to its first element', async () => {
    const { user, dialog } = await openHarness({ empty: true });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('makes the rest of the page inert while open and restores it after', async () => {
    const { user, opener } = await openHarness();
    const page = opener.parentElement;
    expect(page?.closest('[inert]')).not.toBeNull();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(page?.closest('[inert]')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('ignores backdrop clicks unless asked to close on them', async () => {
    const first = await openHarness();
    const backdrop = first.dialog.parentElement;
    if (!backdrop) throw new Error('dialog has no backdrop');
    await first.user.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on a backdrop click when closeOnBackdropClick is set, but not on a click inside', async () => {
    const { user, dialog } = await openHarness({ closeOnBackdropClick: true });
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(dialog).toBeInTheDocument();
    const backdrop = dialog.parentElement;
    if (!backdrop) throw new Error('dialog has no backdrop');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOuter(true);
        }}
      >
        Open outer
      </button>
      <Dialog
        open={outer}
        onClose={() => {
          setOuter(false);
        }}
        title="Outer"
      >
        <button
          type="button"
          onClick={() => {
            setInner(true);
          }}
        >
          Open inner
        </button>
        <Dialog
          open={inner}
          onClose={() => {
            setInner(false);
          }}
          title="Inner"
        >
          <button type="button">Confirm</button>
        </Dialog>
      </Dialog>
    </>
  );
}

describe('Dialog inside a dialog', () => {
  it('Escape closes only the inner dialog, and focus goes back to its opener', async () => {
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open outer' }));
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Outer' }).closest('[inert]')).toBeNull();
  });

  it('Escape with focus fallen to the body closes only the topmost dialog', async () => {
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open outer' }));
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    (document.activeElement as HTMLElement | null)?.blur();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
  });
});
