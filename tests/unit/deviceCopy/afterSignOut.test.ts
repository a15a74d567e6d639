import { describe, expect, it, vi } from 'vitest';
import { offerRemovalAfterSignOut, removeAfterDeletion } from '../../../src/features/deviceCopy/afterSignOut';
import { fakeDeviceCopy } from '../../doubles/fakeDeviceCopy';

const inUse = () => Promise.reject(Object.assign(new Error('in use'), { code: 'failed-precondition' }));

describe('the device copy when this tab signs out', () => {
  it('a logout with a copy kept leaves the offer to remove it', () => {
    const copy = fakeDeviceCopy({ enabled: true });
    offerRemovalAfterSignOut(copy);
    expect(copy.afterLogout.read()).toBe('offer');
    expect(copy.calls).not.toContain('clear');
  });

  it('without a copy there is nothing to offer', () => {
    const copy = fakeDeviceCopy({ enabled: false });
    offerRemovalAfterSignOut(copy);
    expect(copy.afterLogout.read()).toBeNull();
  });
});

describe('the device copy when the account was deleted', () => {
  it('goes at once, after leaving for the signed-out screen, which loads again saying so', async () => {
    const copy = fakeDeviceCopy({ enabled: true });
    const leave = vi.fn(() => copy.calls.push('leave'));
    await removeAfterDeletion(copy, leave);
    expect(copy.calls).toEqual(['leave', 'clear', 'reload']);
    expect(copy.afterLogout.read()).toBe('removed');
  });

  it('while another tab has it open, the signed-out screen offers it instead, and nothing is logged', async () => {
    const copy = fakeDeviceCopy({ enabled: true, clear: inUse });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await removeAfterDeletion(copy, () => undefined);
    expect(copy.calls).toEqual(['clear']);
    expect(copy.afterLogout.read()).toBe('offer');
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('an unexpected failure is logged, and the offer stays', async () => {
    const copy = fakeDeviceCopy({ enabled: true, clear: () => Promise.reject(new Error('disk')) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await removeAfterDeletion(copy, () => undefined);
    expect(copy.afterLogout.read()).toBe('offer');
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('without a copy it only leaves', async () => {
    const copy = fakeDeviceCopy({ enabled: false });
    const leave = vi.fn();
    await removeAfterDeletion(copy, leave);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(copy.calls).toEqual([]);
    expect(copy.afterLogout.read()).toBeNull();
  });
});
