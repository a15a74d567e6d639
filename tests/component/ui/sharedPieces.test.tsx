import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { DateStamp } from '../../../src/ui/DateStamp';
import { FailedState } from '../../../src/ui/FailedState';
import { LoadFailed } from '../../../src/ui/LoadFailed';
import { Field, TextField } from '../../../src/ui/TextField';
import { useSubmit } from '../../../src/ui/useSubmit';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('is busy while the action runs, drops a second submit meanwhile, and hands back the value', async () => {
    const { result } = renderHook(() => useSubmit((failure) => String(failure)));
    const pending = deferred();
    const action = vi.fn(async () => {
      await pending.promise;
      return 42;
    });
    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.submit(action);
      second = result.current.submit(action);
    });
    expect(result.current.busy).toBe(true);
    await expect(second).resolves.toEqual({ done: false });
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => {
      pending.resolve();
      await first;
    });
    await expect(first).resolves.toEqual({ done: true, value: 42 });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('turns a throw into the error, and clears it on the next submit', async () => {
    const { result } = renderHook(() => useSubmit((failure) => `mapped: ${(failure as Error).message}`));
    await act(async () => {
      await expect(result.current.submit(() => Promise.reject(new Error('boom')))).resolves.toEqual({ done: false });
    });
    expect(result.current.error).toBe('mapped: boom');
    expect(result.current.busy).toBe(false);
    const pending = deferred();
    let run!: Promise<unknown>;
    act(() => {
      run = result.current.submit(() => pending.promise);
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      pending.resolve();
      await run;
    });
  });

  it("reads one action's throw with that action's own mapper when it brings one", async () => {
    const { result } = renderHook(() => useSubmit((failure) => `hook: ${(failure as Error).message}`));
    await act(async () => {
      await result.current.submit(() => Promise.reject(new Error('portal')), (failure) => `own: ${(failure as Error).message}`);
    });
    expect(result.current.error).toBe('own: portal');
    await act(async () => {
      await result.current.submit(() => Promise.reject(new Error('other')));
    });
    expect(result.current.error).toBe('hook: other');
  });

  it('starts from the initial error, which setError replaces', () => {
    const { result } = renderHook(() => useSubmit(String, 'at first'));
    expect(result.current.error).toBe('at first');
    act(() => {
      result.current.setError(null);
    });
    expect(result.current.error).toBeNull();
  });
});

describe('TextField and Field', () => {
  it('labels the input and ties an announced message to it', () => {
    render(<TextField label="Name" value="" onChange={() => undefined} error="Name is required" />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveClass('input');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
  });

  it('has no message, no aria-invalid and the fallback description while valid', () => {
    render(
      <>
        <p id="form-error">Saving failed</p>
        <TextField label="Name" value="x" onChange={() => undefined} error={undefined} describedBy="form-error" />
      </>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Saving failed');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads its hint first, and is marked invalid by a form-level alert it is described by', () => {
    render(
      <>
        <p id="form-error">Wrong code</p>
        <TextField label="Code" value="1" onChange={() => undefined} hint="Six digits." describedBy="form-error" invalid />
      </>,
    );
    const input = screen.getByLabelText('Code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Six digits. Wrong code');
  });

  it('shows a message that follows typing without announcing it', () => {
    render(<TextField label="Email" value="a@" onChange={() => undefined} error="Enter a valid email" announce={false} />);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives any control (a textarea here) the same wiring', () => {
    render(<Field label="Notes" error="Too long">{(control) => <textarea {...control} />}</Field>);
    const notes = screen.getByLabelText('Notes');
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveAccessibleDescription('Too long');
  });
});

describe('ConfirmDialog', () => {
  function renderConfirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Delete Thing"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={false}
        error={null}
        buttonsClassName="buttons"
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      >
        <p>Delete it?</p>
      </ConfirmDialog>,
    );
    return { onConfirm, onCancel, user: userEvent.setup() };
  }

  it('asks, with focus on Cancel, and confirms or cancels', async () => {
    const { onConfirm, onCancel, user } = renderConfirm();
    expect(screen.getByRole('dialog', { name: 'Delete Thing' })).toHaveTextContent('Delete it?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while busy: says so, disables both buttons and ignores Escape', async () => {
    const { onCancel, user } = renderConfirm({ busy: true, status: <p role="status">Working…</p> });
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Working…');
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows an error as an alert and stays open', () => {
    renderConfirm({ error: 'Failed to delete' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('once nothing is left to confirm, offers only the dismiss button under its own label', async () => {
    const { onCancel, user } = renderConfirm({ canConfirm: false, cancelLabel: 'OK', error: 'Half done' });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('LoadFailed', () => {
  it('says what failed as an alert and retries', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed message="Failed to load teams" onRetry={onRetry} className="extra" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load teams');
    expect(alert).toHaveClass('notice', 'notice--error', 'extra');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('FailedState', () => {
  it('heads the page, announces why, explains, and offers Try again before the way out', async () => {
    const onRetry = vi.fn();
    render(
      <FailedState heading="We couldn’t do it" message="It failed." onRetry={onRetry} back={<a href="/">Back to Home</a>} actionsClassName="row">
        <p>What to do now.</p>
      </FailedState>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'We couldn’t do it' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('It failed.');
    expect(screen.getByText('What to do now.')).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    const back = screen.getByRole('link', { name: 'Back to Home' });
    expect(retry.parentElement).toHaveClass('row');
    expect(retry.compareDocumentPosition(back) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.setup().click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('without a retry offers only the way out, which can come first', () => {
    const { rerender } = render(<FailedState message="Gone for good." back={<a href="/">Back</a>} />);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    rerender(<FailedState message="Try later." onRetry={() => undefined} back={<a href="/">Back</a>} backFirst />);
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back.compareDocumentPosition(screen.getByRole('button', { name: 'Try again' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('DateStamp', () => {
  it('writes the date machine-readable, or the unknown text for what is not a date', () => {
    const at = Date.UTC(2026, 10, 22, 12, 0);
    const { rerender } = render(<DateStamp label="Created" epochMs={at} style="medium" unknownText="Created: unknown" />);
    const time = screen.getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', new Date(at).toISOString());
    expect(time.parentElement).toHaveTextContent(/^Created /);
    rerender(<DateStamp label="Created" epochMs={Number.NaN} style="medium" unknownText="Created: unknown" />);
    expect(screen.getByText('Created: unknown')).toBeInTheDocument();
  });
});
