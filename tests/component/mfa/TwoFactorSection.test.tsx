import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthServiceError, type MfaFactor } from '../../../src/data/auth/authGateway';
import { ADD_FACTOR_LABEL, TwoFactorSection } from '../../../src/features/mfa';
import { fakeMfa, type FakeMfa } from '../../doubles/fakeMfa';
import { testServerState } from '../../support/serverState';

const phone: MfaFactor = { uid: 'p1', factorId: 'phone', displayName: 'Phone ending 0123', enrollmentTime: 'Sun, 22 Nov 2026 10:00:00 GMT', phoneNumber: '+15555550123' };
const app: MfaFactor = { uid: 't1', factorId: 'totp', displayName: 'Authenticator app', enrollmentTime: 'Sun, 22 Nov 2026 11:00:00 GMT', phoneNumber: null };

function renderSection(mfa: FakeMfa) {
  const onAdd = vi.fn();
  render(testServerState().wrap(<TwoFactorSection api={mfa.api} onAdd={onAdd} />));
  return { onAdd, user: userEvent.setup(), section: screen.getByRole('region', { name: 'Two-factor authentication' }) };
}

describe('the two-factor section of Account Settings', () => {
  it('says it is off and offers to add a method', async () => {
    const { section, onAdd, user } = renderSection(fakeMfa());
    expect(section).toHaveTextContent(/Off\./);
    await user.click(within(section).getByRole('button', { name: ADD_FACTOR_LABEL }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('lists each factor and hides Add at two (SPEC.md §9)', () => {
    const { section } = renderSection(fakeMfa([phone, app]));
    expect(within(section).getByText('Text message (SMS): Phone ending 0123')).toBeInTheDocument();
    expect(within(section).getByText('Authenticator app')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: ADD_FACTOR_LABEL })).toBeNull();
  });

  it('removes a factor after confirmation, sends the removal notice, and offers Add again', async () => {
    const mfa = fakeMfa([phone, app]);
    const { section, user } = renderSection(mfa);
    await user.click(within(section).getByRole('button', { name: 'Remove Authenticator app' }));
    expect(mfa.api.unenrol).not.toHaveBeenCalled();
    await user.click(within(section).getByRole('button', { name: 'Keep' }));
    await user.click(within(section).getByRole('button', { name: 'Remove Authenticator app' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, remove' }));
    expect(await within(section).findByText('Removed Authenticator app.')).toBeInTheDocument();
    expect(mfa.api.unenrol).toHaveBeenCalledWith('t1');
    expect(mfa.api.notifyRemoved).toHaveBeenCalledWith('totp');
    expect(within(section).queryByText('Authenticator app')).toBeNull();
    expect(within(section).getByRole('button', { name: ADD_FACTOR_LABEL })).toBeInTheDocument();
  });

  it('a refused removal says the spec’s message and keeps the factor', async () => {
    const mfa = fakeMfa([phone]);
    mfa.api.unenrol.mockRejectedValueOnce(new AuthServiceError('auth/internal-error'));
    const { section, user } = renderSection(mfa);
    await user.click(within(section).getByRole('button', { name: 'Remove Text message (SMS): Phone ending 0123' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, remove' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to remove authentication method. Please try again.');
    expect(within(section).getByText('Text message (SMS): Phone ending 0123')).toBeInTheDocument();
    expect(mfa.api.notifyRemoved).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(within(section).getByRole('button', { name: 'Yes, remove' })).toBeEnabled();
    });
  });
});
