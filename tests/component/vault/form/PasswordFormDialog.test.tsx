import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordFormDialog, type PasswordFormDialogProps } from '../../../../src/features/vault/form';
import type { PasswordDraft, PasswordEntry } from '../../../../src/features/vault/model';
import { PasswordConflictError, VaultGoneError } from '../../../../src/features/vault/vaultErrors';
import { deferred, GROUPS, makeEntry } from '../list/harness';

const QUICK_ALPHABET = /^[A-Za-z0-9!@#$%^&*]{16}$/;

const existing: PasswordEntry = makeEntry('gh', {
  title: 'GitHub',
  url: 'https://github.com',
  notes: 'Recovery codes in the safe',
  username: 'octocat',
  password: 'hunter2!',
  groupId: 'g-home',
});

/** Opens the form from a button, as the dashboard does, and closes it through onClose. */
function Harness({ entry, onSubmit }: Pick<PasswordFormDialogProps, 'entry' | 'onSubmit'>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Add Password
      </button>
      <PasswordFormDialog
        open={open}
        entry={entry}
        groups={GROUPS}
        onSubmit={onSubmit}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}

function renderForm(entry: PasswordEntry | null = null) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<(draft: PasswordDraft, base: PasswordEntry | null) => Promise<void>>(() => Promise.resolve());
  render(<Harness entry={entry} onSubmit={onSubmit} />);
  return { user, onSubmit };
}

const field = {
  title: () => screen.getByRole('textbox', { name: 'Title' }),
  // Testing Library's role table has no textbox for type="url"; the label is what a user sees.
  url: () => screen.getByLabelText('URL (optional)'),
  username: () => screen.getByRole('textbox', { name: 'Username' }),
  password: () => screen.getByLabelText('Password', { selector: 'input' }),
  notes: () => screen.getByRole('textbox', { name: 'Notes (optional)' }),
  group: () => screen.getByRole('combobox', { name: 'Group' }),
};

function save() {
  return screen.getByRole('button', { name: 'Save' });
}

describe('PasswordFormDialog: titles and values', () => {
  it('is titled "Add New Password" when adding, with empty fields and No Group', () => {
    renderForm();
    expect(screen.getByRole('dialog', { name: 'Add New Password' })).toBeInTheDocument();
    expect(field.title()).toHaveValue('');
    expect(field.title()).toHaveFocus();
    expect(field.password()).toHaveValue('');
    expect(field.group()).toHaveDisplayValue('No Group');
    expect(within(field.group()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No Group',
      'Work',
      'Home',
    ]);
  });

  it('is titled "Edit Password" when editing, filled from the entry', () => {
    renderForm(existing);
    expect(screen.getByRole('dialog', { name: 'Edit Password' })).toBeInTheDocument();
    expect(field.title()).toHaveValue('GitHub');
    expect(field.url()).toHaveValue('https://github.com');
    expect(field.username()).toHaveValue('octocat');
    expect(field.password()).toHaveValue('hunter2!');
    expect(field.password()).toHaveAttribute('type', 'password');
    expect(field.notes()).toHaveValue('Recovery codes in the safe');
    expect(field.group()).toHaveDisplayValue('Home');
  });

  it('warns that an undecryptable entry shows its stored values', () => {
    renderForm({ ...existing, username: 'c2FsdA==', password: 'AAECAw==', undecryptable: true });
    expect(
      screen.getByText(
        'This password could not be decrypted: the username and password below are its stored values. Replace them before saving.',
      ),
    ).toBeInTheDocument();
    expect(field.username()).toHaveValue('c2FsdA==');
  });

  it('has no such warning for a normal entry', () => {
    renderForm(existing);
    expect(screen.queryByText(/could not be decrypted/)).not.toBeInTheDocument();
  });

  it('falls back to No Group when the entry’s group no longer exists', () => {
    renderForm({ ...existing, groupId: 'g-deleted' });
    expect(field.group()).toHaveDisplayValue('No Group');
  });

  it('saves an unchanged edit with the entry’s values', async () => {
    const { user, onSubmit } = renderForm(existing);
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'GitHub',
      url: 'https://github.com',
      notes: 'Recovery codes in the safe',
      username: 'octocat',
      password: 'hunter2!',
      groupId: 'g-home',
      otp: '',
    }, existing);
  });
});

describe('PasswordFormDialog: validation', () => {
  it('shows the three required messages at once, on their fields, and focuses the first', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Title is required',
      'Username is required',
      'Password is required',
    ]);
    expect(field.title()).toHaveAttribute('aria-invalid', 'true');
    expect(field.title()).toHaveAccessibleDescription('Title is required');
    expect(field.username()).toHaveAttribute('aria-invalid', 'true');
    expect(field.username()).toHaveAccessibleDescription('Username is required');
    expect(field.password()).toHaveAttribute('aria-invalid', 'true');
    expect(field.password()).toHaveAccessibleDescription('Password is required');
    expect(field.url()).not.toHaveAttribute('aria-invalid');
    expect(field.title()).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Add New Password' })).toBeInTheDocument();
  });

  it('treats whitespace as missing and focuses the first invalid field', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field.title(), 'Bank');
    await user.type(field.username(), '   ');
    await user.type(field.password(), 'pw');
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Username is required']);
    expect(field.username()).toHaveFocus();
    expect(field.title()).not.toHaveAttribute('aria-invalid');
  });

  it('clears a field’s message once it is edited, keeping the others', async () => {
    const { user } = renderForm();
    await user.click(save());
    await user.type(field.title(), 'T');
    expect(field.title()).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Username is required',
      'Password is required',
    ]);
  });
});

describe('PasswordFormDialog: saving', () => {
  it('trims the values before handing them over, with an empty url and notes as omitted', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field.title(), '  Bank  ');
    await user.type(field.url(), '   ');
    await user.type(field.username(), ' alice ');
    await user.type(field.password(), '  s3cret  ');
    await user.type(field.notes(), '  ');
    await user.selectOptions(field.group(), 'Work');
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Bank',
      url: '',
      notes: '',
      username: 'alice',
      password: 's3cret',
      groupId: 'g-work',
      otp: '',
    }, null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends no group when No Group is chosen', async () => {
    const { user, onSubmit } = renderForm(existing);
    await user.selectOptions(field.group(), 'No Group');
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ groupId: null }), existing);
  });

  it('shows progress while saving and ignores a second submit and Escape', async () => {
    const { user, onSubmit } = renderForm(existing);
    const pending = deferred<undefined>();
    onSubmit.mockReturnValueOnce(pending.promise);
    await user.click(save());
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit Password' })).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    pending.resolve(undefined);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('shows "Failed to save password" and keeps everything typed when saving fails', async () => {
    const { user, onSubmit } = renderForm();
    onSubmit.mockRejectedValueOnce(new Error('permission-denied'));
    await user.type(field.title(), 'Bank');
    await user.type(field.url(), 'bank.example');
    await user.type(field.username(), 'alice');
    await user.type(field.password(), 's3cret');
    await user.type(field.notes(), 'PIN in the drawer');
    await user.selectOptions(field.group(), 'Home');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save password');
    expect(screen.getByRole('dialog', { name: 'Add New Password' })).toBeInTheDocument();
    expect(field.title()).toHaveValue('Bank');
    expect(field.url()).toHaveValue('bank.example');
    expect(field.username()).toHaveValue('alice');
    expect(field.password()).toHaveValue('s3cret');
    expect(field.notes()).toHaveValue('PIN in the drawer');
    expect(field.group()).toHaveDisplayValue('Home');
    expect(save()).toBeEnabled();

    await user.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('closes on Cancel without saving, and opens afresh', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field.title(), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Add Password' }));
    expect(field.title()).toHaveValue('');
  });
});

describe('PasswordFormDialog: generating', () => {
  it('Generate fills a 16-character password from the quick alphabet and shows it', async () => {
    const { user, onSubmit } = renderForm();
    expect(field.password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const first = (field.password() as HTMLInputElement).value;
    expect(first).toMatch(QUICK_ALPHABET);
    expect(field.password()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
    expect(screen.getByText('A new 16-character password was generated.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const second = (field.password() as HTMLInputElement).value;
    expect(second).toMatch(QUICK_ALPHABET);
    expect(second).not.toBe(first);

    await user.type(field.title(), 'New');
    await user.type(field.username(), 'me');
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ password: second }), null);
  });

  it('clears a "Password is required" message when a password is generated', async () => {
    const { user } = renderForm();
    await user.click(save());
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(field.password()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('the generator’s "Use this password" fills the field', async () => {
    const { user } = renderForm(existing);
    await user.click(screen.getByRole('button', { name: 'Open generator' }));
    const generator = screen.getByRole('dialog', { name: 'Password Generator' });
    const shown = within(generator).getByRole('status', { name: 'Generated password' }).textContent;
    expect(shown).toHaveLength(16);
    await user.click(within(generator).getByRole('button', { name: 'Use this password' }));
    expect(screen.queryByRole('dialog', { name: 'Password Generator' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Password' })).toBeInTheDocument();
    expect(field.password()).toHaveValue(shown);
    expect(field.password()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Open generator' })).toHaveFocus();
  });

  it('a shown generated password can be hidden again, and a later one is shown again', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field.password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open generator' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Password Generator' })).getByRole('button', { name: 'Use this password' }),
    );
    expect(field.password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field.password()).toHaveAttribute('type', 'password');
  });

  it('typing a password by hand leaves it masked', async () => {
    const { user } = renderForm();
    await user.type(field.password(), 'typed-secret');
    expect(field.password()).toHaveAttribute('type', 'password');
  });

  it('closing the generator leaves the password alone', async () => {
    const { user } = renderForm(existing);
    await user.click(screen.getByRole('button', { name: 'Open generator' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Password Generator' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Password' })).toBeInTheDocument();
    expect(field.password()).toHaveValue('hunter2!');
  });
});

describe('PasswordFormDialog: what the rules would refuse is said in the form (issue #17)', () => {
  it('a lone surrogate in the title is refused naming the field, focus goes there, nothing is saved; fixing it saves', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(field.title());
    await user.paste('Bank \uD83D');
    await user.type(field.username(), 'ana');
    await user.type(field.password(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title contains a broken character (half of an emoji or symbol). Retype that part and try again.')).toBeInTheDocument();
    expect(field.title()).toHaveFocus();
    expect(field.title()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field.title());
    await user.type(field.title(), 'Bank 🏦');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });
    expect(onSubmit.mock.calls[0]?.[0].title).toBe('Bank 🏦');
  });

  it('a lone surrogate in the password is refused, not saved as U+FFFD', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field.title(), 'Bank');
    await user.type(field.username(), 'ana');
    await user.click(field.password());
    await user.paste('pass\uDE00word');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password contains a broken character (half of an emoji or symbol). Retype that part and try again.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an oversize title or notes names the field and the limit', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(field.title());
    await user.paste('t'.repeat(501));
    await user.type(field.username(), 'ana');
    await user.type(field.password(), 'secret');
    await user.click(field.notes());
    await user.paste('n'.repeat(10_001));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title must be at most 500 characters')).toBeInTheDocument();
    expect(screen.getByText('Notes must be at most 10000 characters')).toBeInTheDocument();
    expect(field.notes()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('PasswordFormDialog: a save that finds the entry changed meanwhile', () => {
  const newer: PasswordEntry = { ...existing, title: 'GitHub (work)', password: 'rotated-by-tab-one', revision: 2 };

  function renderConflicting() {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn<(draft: PasswordDraft, base: PasswordEntry | null) => Promise<void>>()
      .mockRejectedValueOnce(new PasswordConflictError(newer))
      .mockResolvedValue(undefined);
    render(<Harness entry={existing} onSubmit={onSubmit} />);
    return { user, onSubmit };
  }

  it('shows that it changed, with the newer values beside the user’s change on top of them (passwords masked until asked), and stays open', async () => {
    const { user } = renderConflicting();
    await user.clear(field.username());
    await user.type(field.username(), 'mona');
    await user.click(save());
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'This password was changed since you opened it.' })).toBeInTheDocument();
    const row = (label: string) => within(notice).getByRole('row', { name: new RegExp(`^${label}`) });
    // The user changed only the username: Yours keeps the title and password saved meanwhile.
    expect(within(row('Title')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['GitHub (work)', 'GitHub (work)']);
    expect(within(row('Username\\s*\\(differs\\)')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['octocat', 'mona']);
    expect(within(row('Password')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['••••••••', '••••••••']);
    await user.click(within(notice).getByRole('button', { name: 'Show passwords' }));
    expect(within(row('Password')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['rotated-by-tab-one', 'rotated-by-tab-one']);
    expect(screen.getByRole('dialog', { name: 'Edit Password' })).toBeInTheDocument();
  });

  it('Keep mine saves the user’s change on top of the newer entry, on its revision, and closes', async () => {
    const { user, onSubmit } = renderConflicting();
    await user.clear(field.username());
    await user.type(field.username(), 'mona');
    await user.click(save());
    await user.click(await screen.findByRole('button', { name: 'Keep mine' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[0]?.[1]).toBe(existing);
    expect(onSubmit.mock.calls[1]).toEqual([expect.objectContaining({ title: 'GitHub (work)', username: 'mona', password: 'rotated-by-tab-one' }), newer]);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('Take theirs puts the newer values in the form; saving then writes them on the newer entry', async () => {
    const { user, onSubmit } = renderConflicting();
    await user.clear(field.username());
    await user.type(field.username(), 'mona');
    await user.click(save());
    await user.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect(screen.queryByRole('button', { name: 'Keep mine' })).not.toBeInTheDocument();
    expect(field.title()).toHaveValue('GitHub (work)');
    expect(field.username()).toHaveValue('octocat');
    expect(field.password()).toHaveValue('rotated-by-tab-one');
    expect(screen.getByRole('dialog', { name: 'Edit Password' })).toBeInTheDocument();
    await user.click(save());
    expect(onSubmit.mock.calls[1]).toEqual([expect.objectContaining({ title: 'GitHub (work)', password: 'rotated-by-tab-one' }), newer]);
  });

  it('an entry deleted meanwhile says so, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(draft: PasswordDraft, base: PasswordEntry | null) => Promise<void>>(() =>
      Promise.reject(new VaultGoneError('This password was deleted by someone else')),
    );
    render(<Harness entry={existing} onSubmit={onSubmit} />);
    await user.type(field.title(), '!');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('This password was deleted by someone else');
    expect(field.title()).toHaveValue('GitHub!');
  });
});
