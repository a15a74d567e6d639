import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorDialog } from '../../../../src/features/vault/generator';

const DEFAULT_ALPHABET = /^[A-Za-z0-9!@#$%^&*()\-_=+[\]{};:,.<>?/~]+$/;
const TYPE_LABELS = ['Uppercase (A–Z)', 'Lowercase (a–z)', 'Numbers (0–9)', 'Special characters', 'Spaces'];

/** A page with a button that opens the generator and a field that receives the password. */
function Harness({ onUse, onClose }: { onUse?: (password: string) => void; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Generate
      </button>
      <p>Form password: {value}</p>
      <GeneratorDialog
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        onUse={(password) => {
          onUse?.(password);
          setValue(password);
        }}
      />
    </>
  );
}

function renderGenerator(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(
    <StrictMode>
      <Harness {...props} />
    </StrictMode>,
  );
  return { user, dialog: screen.getByRole('dialog', { name: 'Password Generator' }) };
}

/** Replaces the clipboard (after user-event has installed its own) with a spy. */
function stubClipboard(writeText: (text: string) => Promise<void> = () => Promise.resolve()) {
  const spy = vi.fn(writeText);
  Object.defineProperty(window.navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

const output = () => screen.getByRole('status', { name: 'Generated password' });
/** The output's exact text (toHaveTextContent would collapse the spaces). */
const shown = () => output().textContent;
const slider = () => screen.getByRole('slider', { name: 'Length' });
const lengthBox = () => screen.getByRole('spinbutton', { name: 'Length' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('GeneratorDialog', () => {
  it('renders nothing while closed', () => {
    render(<GeneratorDialog open={false} onClose={vi.fn()} onUse={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens with the spec’s defaults and a 16-character password', () => {
    const { dialog } = renderGenerator();
    expect(dialog).toBeInTheDocument();
    expect(slider()).toHaveValue('16');
    expect(lengthBox()).toHaveValue(16);
    for (const label of TYPE_LABELS.slice(0, 4)) expect(checkbox(label)).toBeChecked();
    expect(checkbox('Spaces')).not.toBeChecked();
    expect(shown()).toHaveLength(16);
    expect(shown()).toMatch(DEFAULT_ALPHABET);
    expect(output()).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const name of ['Regenerate', 'Copy', 'Use this password']) expect(button(name)).toBeEnabled();
  });

  it('keeps the slider and the number box in step: slider → box', () => {
    renderGenerator();
    fireEvent.change(slider(), { target: { value: '30' } });
    expect(lengthBox()).toHaveValue(30);
    expect(shown()).toHaveLength(30);
  });

  it('keeps the slider and the number box in step: box → slider', async () => {
    const { user } = renderGenerator();
    await user.clear(lengthBox());
    await user.type(lengthBox(), '42');
    expect(slider()).toHaveValue('42');
    expect(shown()).toHaveLength(42);
  });

  it('holds a typed length to 4–50 when the box is left, and restores an empty box', async () => {
    const { user } = renderGenerator();
    await user.clear(lengthBox());
    await user.type(lengthBox(), '3');
    expect(lengthBox()).toHaveAttribute('aria-invalid', 'true');
    expect(shown()).toHaveLength(16);
    await user.tab();
    expect(lengthBox()).toHaveValue(4);
    expect(slider()).toHaveValue('4');
    expect(shown()).toHaveLength(4);

    await user.clear(lengthBox());
    await user.type(lengthBox(), '99');
    await user.tab();
    expect(lengthBox()).toHaveValue(50);
    expect(shown()).toHaveLength(50);

    await user.clear(lengthBox());
    await user.tab();
    expect(lengthBox()).toHaveValue(50);
    expect(lengthBox()).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['0', 4],
    ['51', 50],
    ['12.7', 13],
  ])('never lets the box (%s) and the slider disagree silently: says why and blocks generating until Enter sets %i', async (typed, settled) => {
    const onUse = vi.fn();
    const { user } = renderGenerator({ onUse });
    await user.clear(lengthBox());
    await user.type(lengthBox(), typed);
    expect(lengthBox()).toHaveAttribute('aria-invalid', 'true');
    expect(lengthBox()).toHaveAccessibleDescription('Length must be a whole number from 4 to 50');
    for (const name of ['Regenerate', 'Copy', 'Use this password']) expect(button(name)).toBeDisabled();

    await user.keyboard('{Enter}');
    expect(lengthBox()).toHaveValue(settled);
    expect(slider()).toHaveValue(String(settled));
    expect(shown()).toHaveLength(settled);
    expect(lengthBox()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Length must be a whole number from 4 to 50')).not.toBeInTheDocument();
    for (const name of ['Regenerate', 'Copy', 'Use this password']) expect(button(name)).toBeEnabled();
    await user.click(button('Use this password'));
    expect(onUse).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^.{${settled}}$`)));
  });

  it('rounds a fractional length when the box is left, keeping both controls on it', async () => {
    const { user } = renderGenerator();
    await user.clear(lengthBox());
    await user.type(lengthBox(), '12.7');
    await user.tab();
    expect(lengthBox()).toHaveValue(13);
    expect(slider()).toHaveValue('13');
    expect(shown()).toHaveLength(13);
  });

  it('makes a new password on Regenerate', async () => {
    const { user } = renderGenerator();
    const first = shown();
    await user.click(button('Regenerate'));
    expect(shown()).toHaveLength(16);
    expect(shown()).not.toBe(first);
  });

  it('changes the output’s alphabet with the character types', async () => {
    const { user } = renderGenerator();
    await user.click(checkbox('Uppercase (A–Z)'));
    await user.click(checkbox('Lowercase (a–z)'));
    await user.click(checkbox('Special characters'));
    expect(shown()).toMatch(/^[0-9]{16}$/);

    await user.click(checkbox('Spaces'));
    expect(shown()).toMatch(/^[0-9][0-9 ]{14}[0-9]$/);
    expect(shown()).toContain(' ');

    await user.click(checkbox('Numbers (0–9)'));
    await user.click(checkbox('Lowercase (a–z)'));
    expect(shown()).toMatch(/^[a-z][a-z ]{14}[a-z]$/);
    expect(shown()).toMatch(/[a-z] +[a-z]/);
  });

  it('needs at least one character type: says so and disables Use, Copy and Regenerate', async () => {
    const onUse = vi.fn();
    const { user } = renderGenerator({ onUse });
    for (const label of TYPE_LABELS.slice(0, 4)) await user.click(checkbox(label));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one character type');
    expect(shown()).toBe('');
    for (const name of ['Regenerate', 'Copy', 'Use this password']) expect(button(name)).toBeDisabled();
    await user.click(button('Use this password'));
    expect(onUse).not.toHaveBeenCalled();

    await user.click(checkbox('Numbers (0–9)'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shown()).toMatch(/^[0-9]{16}$/);
    expect(button('Use this password')).toBeEnabled();
  });

  it('refuses spaces alone in the same way', async () => {
    const { user } = renderGenerator();
    await user.click(checkbox('Spaces'));
    for (const label of TYPE_LABELS.slice(0, 4)) await user.click(checkbox(label));
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least one character type other than spaces');
    expect(shown()).toBe('');
    expect(button('Use this password')).toBeDisabled();
  });

  it('copies the shown password and ticks for 2 seconds', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    const writeText = stubClipboard();
    const password = shown();

    fireEvent.click(button('Copy'));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledExactlyOnceWith(password);
    expect(button('Copied')).toBeInTheDocument();
    expect(screen.getByText('Password copied to the clipboard. It is cleared in 30 s.')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(button('Copied')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button('Copy')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });

  it('clears the clipboard 30 s after copying, like the list’s copy', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    const writeText = stubClipboard();
    const password = shown();
    fireEvent.click(button('Copy'));
    await act(async () => {});
    expect(screen.getByText('Password copied to the clipboard. It is cleared in 30 s.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(29_999);
    });
    expect(writeText.mock.calls).toEqual([[password]]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await act(async () => {});
    expect(writeText.mock.calls).toEqual([[password], ['']]);
  });

  it('restarts the 2 seconds on a second copy and drops the tick when the password changes', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    stubClipboard();

    fireEvent.click(button('Copy'));
    await act(async () => {});
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    fireEvent.click(button('Copied'));
    await act(async () => {});
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(button('Copied')).toBeInTheDocument();

    fireEvent.click(button('Regenerate'));
    expect(button('Copy')).toBeInTheDocument();
  });

  it('does not tick for a password that was replaced while the clipboard was busy', async () => {
    let finish = () => {};
    const { user } = renderGenerator();
    stubClipboard(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await user.click(button('Copy'));
    await user.click(button('Regenerate'));
    finish();
    await act(async () => {});
    expect(button('Copy')).toBeInTheDocument();
    expect(screen.queryByText(/Password copied to the clipboard/)).not.toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderGenerator();
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await user.click(button('Copy'));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not copy to the clipboard');
    expect(button('Copy')).toBeInTheDocument();
  });

  it('hands the shown password to the form and closes on "Use this password"', async () => {
    const onUse = vi.fn();
    const onClose = vi.fn();
    const { user } = renderGenerator({ onUse, onClose });
    await user.click(button('Regenerate'));
    const password = shown();
    await user.click(button('Use this password'));
    expect(onUse).toHaveBeenCalledExactlyOnceWith(password);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(`Form password: ${password}`)).toBeInTheDocument();
  });

  it('keeps the chosen options when reopened, with a fresh password', async () => {
    const { user } = renderGenerator();
    fireEvent.change(slider(), { target: { value: '24' } });
    await user.click(checkbox('Special characters'));
    const before = shown();
    await user.click(button('Close'));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(lengthBox()).toHaveValue(24);
    expect(checkbox('Special characters')).not.toBeChecked();
    expect(shown()).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(shown()).not.toBe(before);
  });
});
