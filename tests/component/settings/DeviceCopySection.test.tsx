// Account Settings' "This device" (issue #22 item 3): the choice to keep the sealed copy of the
// vault in this browser. Turning it off deletes the copy first and changes the choice and reloads
// only once it is gone; a failed deletion says why and changes nothing.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { DeviceCopySection } from '../../../src/features/deviceCopy';
import { fakeDeviceCopy, type FakeDeviceCopy } from '../../doubles/fakeDeviceCopy';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { deferred } from '../../support/async';
import { expectConsoleError } from '../../support/consoleErrors';
import { renderDashboardPage } from '../app/dashboardHarness';

const CHECKBOX = 'Keep a copy of my vault on this device';

function renderSection(service: FakeDeviceCopy) {
  render(<DeviceCopySection service={service} />);
  return { user: userEvent.setup(), section: screen.getByRole('region', { name: 'This device' }), checkbox: screen.getByRole('checkbox', { name: CHECKBOX }) };
}

const failure = (code?: string) => Object.assign(new Error('could not delete'), code === undefined ? {} : { code });

describe('Account Settings: this device', () => {
  it('shows the choice as this browser has it, with what the copy is and when to turn it off', () => {
    const { checkbox } = renderSection(fakeDeviceCopy());
    expect(checkbox).toBeChecked();
    expect(checkbox).toHaveAccessibleDescription(/sealed: it opens only with your master password/);
    expect(checkbox).toHaveAccessibleDescription(/open when the network is down/);
    expect(checkbox).toHaveAccessibleDescription(/Turn it off on a shared computer/);
  });

  it('turning it off removes the copy first, then changes the choice and reloads, and only after the removal', async () => {
    const removal = deferred<undefined>();
    const service = fakeDeviceCopy({ clear: () => removal.promise });
    const { user, section, checkbox } = renderSection(service);
    await user.click(checkbox);
    expect(service.calls).toEqual(['clear']);
    expect(within(section).getByRole('status')).toHaveTextContent('Removing the copy from this device…');
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(checkbox).toHaveAttribute('aria-disabled', 'true');
    expect(checkbox).toHaveFocus();
    // A second click while the copy is being removed asks nothing more.
    await user.click(checkbox);
    expect(service.calls).toEqual(['clear']);
    expect(service.enabled()).toBe(true);

    removal.resolve(undefined);
    await waitFor(() => {
      expect(service.calls).toEqual(['clear', 'setEnabled(off)', 'reload']);
    });
    expect(service.enabled()).toBe(false);
    expect(checkbox).not.toBeChecked();
    expect(within(section).getByRole('status')).toHaveTextContent('Reloading Keyloft…');
  });

  it('turning it on changes the choice and reloads, with nothing to remove', async () => {
    const service = fakeDeviceCopy({ enabled: false });
    const { user, checkbox } = renderSection(service);
    expect(checkbox).not.toBeChecked();
    await user.click(checkbox);
    expect(service.calls).toEqual(['setEnabled(on)', 'reload']);
    expect(service.enabled()).toBe(true);
    expect(checkbox).toBeChecked();
  });

  it('with the copy open in another tab, it asks to close the other tabs and keeps the copy and the choice', async () => {
    let attempts = 0;
    const service = fakeDeviceCopy({ clear: () => (++attempts === 1 ? Promise.reject(failure('failed-precondition')) : Promise.resolve()) });
    const { user, section, checkbox } = renderSection(service);
    await user.click(checkbox);
    expect(await within(section).findByRole('alert')).toHaveTextContent("Close Keyloft's other tabs, then try again.");
    expect(service.calls).toEqual(['clear']);
    expect(service.enabled()).toBe(true);
    expect(checkbox).toBeChecked();
    expect(section).toHaveAttribute('aria-busy', 'false');
    // Once the other tabs are closed, trying again goes through.
    await user.click(checkbox);
    await waitFor(() => {
      expect(service.calls).toEqual(['clear', 'clear', 'setEnabled(off)', 'reload']);
    });
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('any other failure says the copy could not be removed, and changes nothing', async () => {
    const logged = expectConsoleError(/The device copy could not be cleared/);
    const service = fakeDeviceCopy({ clear: () => Promise.reject(failure()) });
    const { user, section, checkbox } = renderSection(service);
    await user.click(checkbox);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not remove the copy from this device.');
    expect(service.calls).toEqual(['clear']);
    expect(service.enabled()).toBe(true);
    expect(checkbox).toBeChecked();
    expect(logged.calls).toHaveLength(1);
  });

  it('is part of Account Settings on the dashboard, over the app’s device copy service', async () => {
    const repositories = memoryRepositories();
    const deviceCopy = fakeDeviceCopy();
    const { user } = renderDashboardPage({
      uid: 'device-settings',
      keys: { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey },
      repositories,
      deviceCopy,
    });
    await user.click(screen.getByRole('button', { name: 'Account Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Account Settings' });
    const section = within(settings).getByRole('region', { name: 'This device' });
    await user.click(within(section).getByRole('checkbox', { name: CHECKBOX }));
    await waitFor(() => {
      expect(deviceCopy.calls).toEqual(['clear', 'setEnabled(off)', 'reload']);
    });
  });
});
