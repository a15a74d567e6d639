// showsVault (src/features/vault/session/vaultCounts.ts): whether the offline banner may say the
// vault on screen is the device's copy. Not while every vault is still loading with nothing shown
// (a first unlock on a new browser whose server is silent: nothing is on screen at all).
import { describe, expect, it } from 'vitest';
import type { PasswordEntry } from '../../../src/features/vault/model';
import { showsVault } from '../../../src/features/vault/session/vaultCounts';
import type { VaultState } from '../../../src/features/vault/session/vaultSession';

const entry = { id: 'e1' } as PasswordEntry;
const loading = (entries: readonly PasswordEntry[] = []): VaultState => ({ entries, groups: [], load: { status: 'loading', loaded: entries.length }, sealing: null });
const ready = (entries: readonly PasswordEntry[] = []): VaultState => ({ entries, groups: [], load: { status: 'ready' }, sealing: null });
const failed: VaultState = { entries: [], groups: [], load: { status: 'failed', message: 'Failed to load teams/passwords' }, sealing: null };

describe('showsVault', () => {
  it('is false while every vault loads with nothing shown, fails, or there is none', () => {
    expect(showsVault([])).toBe(false);
    expect(showsVault([loading(), loading()])).toBe(false);
    expect(showsVault([loading(), failed])).toBe(false);
  });

  it('is true once a vault has answered, an empty one too, or shows entries while it loads', () => {
    expect(showsVault([ready()])).toBe(true);
    expect(showsVault([loading(), ready([entry])])).toBe(true);
    expect(showsVault([loading([entry]), failed])).toBe(true);
  });
});
