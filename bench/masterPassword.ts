// Change Master Password on an empty vault and on a 10,000-entry one (issue 10: the same time). The
// change re-wraps the vault key and writes the user record, so the vault's size should not show.
// Floor: the two bare Argon2id derivations the change cannot avoid (current and new password).
import { floorArgon2id } from './crypto';
import { createMasterPasswordApi } from '../src/features/settings/masterPasswordService';
import { MemoryUserRepository } from '../tests/doubles/memoryUserRepository';
import { createVaultUser, vaultWithEntries } from '../tests/support/vaultUser';
import { compare, row } from './measure';

const PASSWORDS = ['bench master password A', 'bench master password B'] as const;

async function vaultOf(size: number) {
  const { record, vaultKey } = await createVaultUser(PASSWORDS[0], { email: 'bench@example.com' });
  const users = new MemoryUserRepository();
  users.replace('bench', record);
  await vaultWithEntries(vaultKey, 'bench', size);
  const api = createMasterPasswordApi({ uid: 'bench', loadUsers: () => Promise.resolve(users), notify: () => Promise.resolve() });
  let current = 0;
  const state = {
    users,
    changes: 0,
    // Each call changes to the other password, so every run is a real change.
    change: async () => {
      await api.change(PASSWORDS[current] ?? '', PASSWORDS[1 - current] ?? '');
      current = 1 - current;
      state.changes += 1;
    },
  };
  return state;
}

async function twoDerivations(): Promise<void> {
  for (const password of PASSWORDS) {
    await floorArgon2id(password, globalThis.crypto.getRandomValues(new Uint8Array(32)));
  }
}

export async function masterPasswordBench(size: number): Promise<string[]> {
  const empty = await vaultOf(0);
  const full = await vaultOf(size);
  const onEmpty = await compare(3, empty.change, twoDerivations);
  // The vault's size against the empty vault directly, alternating, so machine drift hits both.
  const fullVsEmpty = await compare(5, full.change, empty.change);
  return [
    row('change master password, empty vault', onEmpty),
    row(`  ${size.toLocaleString('en-US')} entries (floor: the empty vault)`, fullVsEmpty),
    `${'  user-record writes per change'.padEnd(46)} ${(full.users.masterKeyWrites / full.changes).toFixed(2)} (${String(full.changes)} changes)`,
  ];
}
