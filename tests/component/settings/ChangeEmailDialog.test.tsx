import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import { ChangeEmailDialog } from '../../../src/features/settings';
import { deferred } from '../../support/async';

function renderDialog(send: (newEmail: string) => Promise<void> = vi.fn(() => Promise.resolve())) {
  const onClose = vi.fn();
  const onSignOut = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(<ChangeEmailDialog open currentEmail="ana@example.com" sendEmailChange={send} onClose={onClose} onSignOut={onSignOut} />);
  return { user, send, onClose, onSignOut };
}

const field = () => screen.getByLabelText('New email address');
const submit = () => screen.getByRole('button', { name: 'Send confirmation' });

describe('ChangeEmailDialog', () => {
  it('is titled Change Email and shows the current address', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Change Email' });
    expect(dialog).toHaveAccessibleDescription('Current email: ana@example.com');
    expect(field()).toHaveFocus();
  });

  it.each([
    ['', 'Email address is required.'],
    ['ana', 'Please enter a valid email address.'],
    [' ANA@example.com ', 'New email address must be different from current email.'],
  ])('refuses %j with the §5 message and sends nothing', async (typed, message) => {
    const { user, send } = renderDialog();
    if (typed !== '') await user.type(field(), typed);
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the normalised address, then says a confirmation was sent; closing signs out', async () => {
    const pending = deferred<undefined>();
    const { user, send, onClose, onSignOut } = renderDialog(vi.fn(() => pending.promise));
    await user.type(field(), ' New@Example.com');
    await user.click(submit());
    expect(send).toHaveBeenCalledWith('new@example.com');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    pending.resolve(undefined);
    expect(await screen.findByRole('status')).toHaveTextContent('Confirmation email sent to new@example.com.');
    expect(onSignOut).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK, sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('signs out too when the message is closed with Escape', async () => {
    const { user, onSignOut } = renderDialog();
    await user.type(field(), 'new@example.com');
    await user.click(submit());
    await screen.findByRole('status');
    await user.keyboard('{Escape}');
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('cancelling before sending does not sign out', async () => {
    const { user, onClose, onSignOut } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it.each([
    ['a failure of the service', new CallableError('internal', 'stack detail'), 'Failed to send email change confirmation. Please try again.'],
    ['a non-callable failure', new Error('boom'), 'Failed to send email change confirmation. Please try again.'],
    ['an address in use', new CallableError('already-exists', 'This email address is already used by another account.'), 'This email address is already used by another account.'],
    ['the rate limit', new CallableError('resource-exhausted', 'Too many email change requests. Please try again later.'), 'Too many email change requests. Please try again later.'],
  ])('shows %s and keeps the address for another try', async (_case, error, message) => {
    const { user, onSignOut } = renderDialog(vi.fn(() => Promise.reject(error)));
    await user.type(field(), 'new@example.com');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field()).toHaveValue('new@example.com');
    expect(onSignOut).not.toHaveBeenCalled();
  });
});
