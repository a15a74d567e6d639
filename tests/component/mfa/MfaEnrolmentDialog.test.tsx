import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOTP, URI } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { AuthServiceError, type MfaFactor, type PendingMfaEnrolment } from '../../../src/data/auth/authGateway';
import { MfaEnrolmentDialog, MFA_ENROLMENT_TITLE, type MfaEnrolmentAccount } from '../../../src/features/mfa';
import { SMS_CODE, fakeMfa, type FakeMfa } from '../../doubles/fakeMfa';
import { readQrCode } from './readQrCode';
import { expectConsoleError } from '../../support/consoleErrors';

const ANA: MfaEnrolmentAccount = { email: 'ana+keys@example.com', emailVerified: true, provider: 'password' };

function open(mfa: FakeMfa, account: MfaEnrolmentAccount = ANA) {
  const onClose = vi.fn<(completed: boolean) => void>();
  render(<MfaEnrolmentDialog open onClose={onClose} account={account} api={mfa.api} sendVerification={<button type="button">Send Email Verification</button>} />);
  return { onClose, user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: MFA_ENROLMENT_TITLE }) };
}

const phoneFactor: MfaFactor = { uid: 'p', factorId: 'phone', displayName: 'Phone ending 0123', enrollmentTime: '', phoneNumber: '+15555550123' };

describe('MFA enrolment: authenticator app (SPEC.md §4: method → totp → done)', () => {
  it('shows a QR code holding the otpauth URI (issuer Keyloft, the account, the secret) and enrols with the app’s code', async () => {
    const mfa = fakeMfa();
    const { user, dialog, onClose } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Authenticator app' }));

    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    const uri = readQrCode(qr);
    const app = URI.parse(uri);
    expect(app).toBeInstanceOf(TOTP);
    expect(app.issuer).toBe('Keyloft');
    expect(app.label).toBe('ana+keys@example.com');
    expect(app.secret.base32).toBe(mfa.lastSecret());
    // The same secret as text, for typing by hand.
    expect(within(dialog).getByLabelText('Setup key').textContent.replace(/\s/g, '')).toBe(mfa.lastSecret());

    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Verification code'), (app as TOTP).generate());
    await user.click(verify);

    expect(await within(dialog).findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(mfa.factors).toMatchObject([{ factorId: 'totp', displayName: 'Authenticator app' }]);
    expect(mfa.api.notifyEnrolled).toHaveBeenCalledWith('totp');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('refuses a wrong code with the spec’s message, keeping the code typed, and enrols nothing', async () => {
    const mfa = fakeMfa();
    const { user, dialog } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Authenticator app' }));
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    await user.type(within(dialog).getByLabelText('Verification code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid verification code. Please check the code and try again.');
    expect(within(dialog).getByLabelText('Verification code')).toHaveValue('000000');
    expect(mfa.factors).toEqual([]);
    expect(mfa.api.notifyEnrolled).not.toHaveBeenCalled();
  });

  it('a secret the service will not make shows the setup error and Try again makes a new one; Back returns to the methods', async () => {
    const mfa = fakeMfa();
    mfa.api.startTotp.mockRejectedValueOnce(new AuthServiceError('auth/internal-error'));
    const { user, dialog } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Authenticator app' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Multi-factor authentication setup error. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(mfa.api.startTotp).toHaveBeenCalledTimes(2);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Text message (SMS)' })).toBeInTheDocument();
  });
});

describe('MFA enrolment: phone (SPEC.md §4: method → phone → verify → done; §5 Phone)', () => {
  it('formats the number by country, sends only at the country’s minimum digits, and enrols with the 6-digit code', async () => {
    const mfa = fakeMfa();
    const { user, dialog, onClose } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Text message (SMS)' }));

    const number = within(dialog).getByLabelText('Phone number');
    const send = within(dialog).getByRole('button', { name: 'Send Code' });
    await user.type(number, '555a55501');
    expect(number).toHaveValue('(555) 555-01');
    expect(send).toBeDisabled();
    await user.type(number, '23');
    expect(number).toHaveValue('(555) 555-0123');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(mfa.api.startPhone).toHaveBeenCalledWith('+15555550123');

    expect(await within(dialog).findByText('Enter the 6-digit code we sent to +15555550123.')).toBeInTheDocument();
    const code = within(dialog).getByLabelText('Verification code');
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    await user.type(code, '24x68');
    expect(code).toHaveValue('2468');
    expect(verify).toBeDisabled();
    await user.type(code, '109');
    expect(code).toHaveValue(SMS_CODE);
    await user.click(verify);

    expect(await within(dialog).findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(mfa.factors).toMatchObject([{ factorId: 'phone', displayName: 'Phone ending 0123', phoneNumber: '+15555550123' }]);
    expect(mfa.api.notifyEnrolled).toHaveBeenCalledWith('phone');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('takes a custom country code of + and up to four digits, needing 8 digits of number', async () => {
    const mfa = fakeMfa();
    const { user, dialog } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Text message (SMS)' }));
    await user.selectOptions(within(dialog).getByLabelText('Country code'), 'other');
    const custom = within(dialog).getByLabelText('Custom country code');
    await user.clear(custom);
    await user.type(custom, '35312345');
    expect(custom).toHaveValue('+3531');
    await user.clear(custom);
    await user.type(custom, '353');
    await user.type(within(dialog).getByLabelText('Phone number'), '1234567');
    expect(within(dialog).getByRole('button', { name: 'Send Code' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Phone number'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(mfa.api.startPhone).toHaveBeenCalledWith('+35312345678');
  });

  it.each([
    ['auth/invalid-phone-number', 'Please enter a valid phone number.'],
    ['auth/internal-error', 'Failed to send verification code. Please try again.'],
    ['auth/requires-recent-login', 'For your security, please sign out and sign in again, then try once more.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
  ])('a send refused with %s says so and keeps the number', async (code, message) => {
    const mfa = fakeMfa();
    mfa.api.startPhone.mockRejectedValueOnce(new AuthServiceError(code));
    const { user, dialog } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Text message (SMS)' }));
    await user.selectOptions(within(dialog).getByLabelText('Country code'), '+44');
    await user.type(within(dialog).getByLabelText('Phone number'), '7700900123');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('7700 900123');
  });

  it('an expired code says so; Back goes to the number, and Back again to the methods', async () => {
    const mfa = fakeMfa();
    const { user, dialog } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Text message (SMS)' }));
    await user.type(within(dialog).getByLabelText('Phone number'), '5555550123');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    const pending = (await mfa.api.startPhone.mock.results[0]?.value) as PendingMfaEnrolment;
    vi.spyOn(pending, 'complete').mockRejectedValueOnce(new AuthServiceError('auth/code-expired'));
    await user.type(await within(dialog).findByLabelText('Verification code'), SMS_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This code has expired. Please request a new one.');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Phone number')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Authenticator app' })).toBeInTheDocument();
  });
});

describe('MFA enrolment: who may set it up (SPEC.md §6, §9)', () => {
  it('waits for a verified address, polling every second, then offers the methods', async () => {
    const mfa = fakeMfa();
    mfa.api.checkEmailVerified.mockResolvedValueOnce(false).mockResolvedValue(true);
    const { dialog, user, onClose } = open(mfa, { ...ANA, emailVerified: false });
    expect(within(dialog).getByText(/needs a verified email address/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Email Verification' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Authenticator app' })).toBeNull();
    await within(dialog).findByRole('button', { name: 'Authenticator app' }, { timeout: 4_000 });
    expect(mfa.api.checkEmailVerified).toHaveBeenCalledTimes(2);
    expect(mfa.api.refreshSession).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Skip for now' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('offers nothing at two factors', () => {
    const mfa = fakeMfa([phoneFactor, { ...phoneFactor, uid: 't', factorId: 'totp', phoneNumber: null }]);
    const { dialog } = open(mfa);
    expect(within(dialog).getByText(/already have two authentication methods/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Text message (SMS)' })).toBeNull();
  });

  it('offers nothing to a third-party account', () => {
    const { dialog } = open(fakeMfa(), { ...ANA, provider: 'google' });
    expect(within(dialog).getByText(/Managed by OAuth Provider/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Authenticator app' })).toBeNull();
  });

  it('a failed notice does not undo or hide the enrolment', async () => {
    const error = expectConsoleError(/^The two-factor enrolment notice could not be sent Error: mail down/);
    const mfa = fakeMfa();
    mfa.api.notifyEnrolled.mockRejectedValueOnce(new Error('mail down'));
    const { user, dialog } = open(mfa);
    await user.click(within(dialog).getByRole('button', { name: 'Text message (SMS)' }));
    await user.type(within(dialog).getByLabelText('Phone number'), '5555550123');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await user.type(await within(dialog).findByLabelText('Verification code'), SMS_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Two-factor authentication is on.')).toBeInTheDocument();
    await waitFor(() => {
      expect(error.calls).not.toHaveLength(0);
    });
    expect(mfa.factors).toHaveLength(1);
  });
});
