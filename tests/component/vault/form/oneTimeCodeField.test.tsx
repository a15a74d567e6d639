import { createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordFormDialog } from '../../../../src/features/vault/form';
import { ONE_TIME_CODE_TEXTS } from '../../../../src/features/vault/form/OneTimeCodeField';
import type { PasswordDraft, PasswordEntry } from '../../../../src/features/vault/model';
import { canonicalOneTimeCode, ONE_TIME_CODE_ERRORS } from '../../../../src/features/vault/otp/oneTimeCode';
import type { ReadQrImage } from '../../../../src/features/vault/otp/readQrImage';
import { PasswordConflictError } from '../../../../src/features/vault/vaultErrors';
import { GROUPS, makeEntry } from '../list/harness';

// Issue #23: the password form's one-time code, typed as a setup key or an otpauth:// link, or read
// from a QR code image picked or pasted (the decoding is faked here: jsdom draws no images).

const LINK = 'otpauth://totp/GitHub:octocat?secret=JBSWY3DPEHPK3PXP&issuer=GitHub&algorithm=SHA1&digits=6&period=30';

function renderForm(entry: PasswordEntry | null = null, readQrImage: ReadQrImage = () => Promise.resolve(null)) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<(draft: PasswordDraft, base: PasswordEntry | null) => Promise<void>>(() => Promise.resolve());
  const onClose = vi.fn();
  const view = render(<PasswordFormDialog open entry={entry} groups={GROUPS} onSubmit={onSubmit} onClose={onClose} readQrImage={readQrImage} />);
  return { user, onSubmit, onClose, view };
}

// A password-type input (issue #43: the secret is masked until Show) has no textbox role.
const codeField = () => screen.getByLabelText<HTMLInputElement>('One-time code (optional)', { selector: 'input' });
const save = () => screen.getByRole('button', { name: 'Save' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'GitHub');
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'octocat');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 's3cret');
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });

describe('the password form: one-time code', () => {
  it('takes a setup key as a site shows it and hands over its canonical otpauth:// link', async () => {
    const { user, onSubmit } = renderForm();
    await fillRequired(user);
    expect(codeField()).toHaveAccessibleDescription(ONE_TIME_CODE_TEXTS.hint);
    await user.type(codeField(), 'jbsw y3dp ehpk 3pxp');
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [draft] = onSubmit.mock.calls[0]!;
    expect(draft.otp).toMatch(/^otpauth:\/\/totp\/.*secret=JBSWY3DPEHPK3PXP/);
  });

  it('refuses a bad key or a counter-based link with a clear message on the field, focuses it, and saves nothing; what was typed stays', async () => {
    const { user, onSubmit } = renderForm();
    await fillRequired(user);
    await user.type(codeField(), 'not a key!');
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(ONE_TIME_CODE_ERRORS.secret);
    expect(codeField()).toHaveFocus();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveValue('not a key!');
    await user.clear(codeField());
    await user.type(codeField(), 'otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&counter=0');
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent(ONE_TIME_CODE_ERRORS.counter);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an entry’s code for editing; emptying the field hands over none', async () => {
    const entry = makeEntry('gh', { title: 'GitHub', username: 'octocat', password: 'hunter2!', otp: LINK });
    const { user, onSubmit } = renderForm(entry);
    expect(codeField()).toHaveValue(LINK);
    await user.clear(codeField());
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ otp: '' }), entry);
  });

  it('masks an entry’s secret like a password until Show, and Hide masks it again', async () => {
    const entry = makeEntry('gh', { title: 'GitHub', username: 'octocat', password: 'hunter2!', otp: LINK });
    const { user } = renderForm(entry);
    expect(codeField()).toHaveValue(LINK);
    expect(codeField()).toHaveAttribute('type', 'password');
    expect(screen.queryByText(LINK)).not.toBeInTheDocument();
    const show = screen.getByRole('button', { name: 'Show one-time code secret' });
    expect(show).toHaveAttribute('aria-controls', codeField().id);
    await user.click(show);
    expect(codeField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide one-time code secret' }));
    expect(codeField()).toHaveAttribute('type', 'password');
    // The password's own toggle is a different control.
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('reads the code from a picked QR code image, and says so', async () => {
    const readQrImage = vi.fn<ReadQrImage>(() => Promise.resolve(LINK));
    const { user, onSubmit, view } = renderForm(null, readQrImage);
    await fillRequired(user);
    const picker = view.baseElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker).toHaveAttribute('accept', 'image/*');
    await user.click(screen.getByRole('button', { name: ONE_TIME_CODE_TEXTS.readImage }));
    await user.upload(picker, png());
    await waitFor(() => {
      expect(codeField()).toHaveValue(LINK);
    });
    expect(readQrImage).toHaveBeenCalledTimes(1);
    expect(screen.getByText(ONE_TIME_CODE_TEXTS.read)).toBeInTheDocument();
    await user.click(save());
    // Stored as the one canonical link (the parameters in the library's order).
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ otp: canonicalOneTimeCode(LINK) }), null);
  });

  it('an image without a QR code, or with one that is not a one-time code, says so and leaves the field as it was', async () => {
    const answers: Array<string | null> = [null, 'https://example.com/login'];
    const { view, user } = renderForm(null, () => Promise.resolve(answers.shift() ?? null));
    const picker = view.baseElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(picker, png());
    expect(await screen.findByRole('alert')).toHaveTextContent(ONE_TIME_CODE_TEXTS.noCode);
    await user.upload(picker, png());
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(ONE_TIME_CODE_ERRORS.format);
    });
    expect(codeField()).toHaveValue('');
  });

  it('an image that cannot be drawn says it could not be read', async () => {
    const { view, user } = renderForm(null, () => Promise.reject(new Error('decode failed')));
    await user.upload(view.baseElement.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    expect(await screen.findByRole('alert')).toHaveTextContent(ONE_TIME_CODE_TEXTS.unreadable);
  });

  it('reads an image pasted into the field; pasted text goes in as typed', async () => {
    const readQrImage = vi.fn<ReadQrImage>(() => Promise.resolve(LINK));
    renderForm(null, readQrImage);
    const paste = createEvent.paste(codeField(), { clipboardData: { files: [png()], getData: () => '' } });
    fireEvent(codeField(), paste);
    await waitFor(() => {
      expect(codeField()).toHaveValue(LINK);
    });
    expect(paste.defaultPrevented).toBe(true);
    const text = createEvent.paste(codeField(), { clipboardData: { files: [], getData: () => 'JBSWY3DPEHPK3PXP' } });
    fireEvent(codeField(), text);
    expect(text.defaultPrevented).toBe(false);
    expect(readQrImage).toHaveBeenCalledTimes(1);
  });
});

describe('the password form: a conflict over the one-time code', () => {
  it('shows the two codes masked, and Keep mine keeps the code the user changed on the newer entry', async () => {
    const base = makeEntry('gh', { title: 'GitHub', username: 'octocat', password: 'hunter2!', otp: LINK });
    const theirs = canonicalOneTimeCode('otpauth://totp/GitHub:octocat?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const newer: PasswordEntry = { ...base, password: 'rotated', otp: theirs, revision: 2 };
    const user = userEvent.setup();
    const onSubmit = vi
      .fn<(draft: PasswordDraft, base: PasswordEntry | null) => Promise<void>>()
      .mockRejectedValueOnce(new PasswordConflictError(newer))
      .mockResolvedValue(undefined);
    render(<PasswordFormDialog open entry={base} groups={GROUPS} onSubmit={onSubmit} onClose={vi.fn()} />);
    await user.clear(codeField());
    await user.type(codeField(), 'MZXW 6YTB OI23 4567');
    await user.click(save());
    const notice = await screen.findByRole('alert');
    const row = within(notice).getByRole('row', { name: /^One-time code/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['••••••••', '••••••••']);
    await user.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    expect(onSubmit.mock.calls[1]).toEqual([expect.objectContaining({ password: 'rotated', otp: canonicalOneTimeCode('MZXW6YTBOI234567', { title: 'GitHub', username: 'octocat' }) }), newer]);
  });
});
