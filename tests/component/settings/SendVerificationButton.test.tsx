import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import { SendVerificationButton } from '../../../src/features/settings';

describe('SendVerificationButton', () => {
  it('offers nothing when the address is verified', () => {
    render(<SendVerificationButton emailVerified sendCustomVerification={vi.fn()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Your email address is verified.')).toBeInTheDocument();
  });

  it('sends the custom email and says it was sent', async () => {
    const custom = vi.fn(() => Promise.resolve());
    const fallback = vi.fn(() => Promise.resolve());
    const user = userEvent.setup({ delay: null });
    render(<SendVerificationButton emailVerified={false} sendCustomVerification={custom} sendDefaultVerification={fallback} />);
    await user.click(screen.getByRole('button', { name: 'Send Email Verification' }));
    expect(await screen.findByText('Verification email sent! Check your inbox and open the link.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verification email sent!');
    expect(custom).toHaveBeenCalledOnce();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('falls back to the service’s own email when the custom one fails', async () => {
    const fallback = vi.fn(() => Promise.resolve());
    const user = userEvent.setup({ delay: null });
    render(
      <SendVerificationButton
        emailVerified={false}
        sendCustomVerification={() => Promise.reject(new CallableError('internal', 'x'))}
        sendDefaultVerification={fallback}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send Email Verification' }));
    expect(await screen.findByText(/Verification email sent!/)).toBeInTheDocument();
    expect(fallback).toHaveBeenCalledOnce();
  });

  it('says when sending failed', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <SendVerificationButton
        emailVerified={false}
        sendCustomVerification={() => Promise.reject(new CallableError('internal', 'x'))}
        sendDefaultVerification={() => Promise.reject(new Error('down'))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send Email Verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send verification email. Please try again.');
  });
});
