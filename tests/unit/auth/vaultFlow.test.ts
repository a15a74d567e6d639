import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../src/data/auth/authGateway';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import type { AuthDeps } from '../../../src/features/auth/flows/deps';
import { createVault, openVault, requireRecord } from '../../../src/features/auth/flows/vault';
import { createSessionStore } from '../../../src/session/sessionStore';
import { MemoryStorage } from '../../support/memoryStorage';

const ana: AuthUser = { uid: 'ana', email: 'Ana@Example.com', emailVerified: false, provider: 'password' };

function deps(users = new MemoryUserRepository()): AuthDeps {
  return {
    loadGateway: () => Promise.reject(new Error('not used')),
    loadUsers: () => Promise.resolve(users),
    sendCustomEmailVerification: () => Promise.resolve(),
    session: createSessionStore(new MemoryStorage()),
    now: () => Date.UTC(2026, 10, 21),
    isDevelopment: true,
  };
}

describe('the vault half of sign-in', () => {
  it('creates a record with a lower-cased email and the trial, then opens it again', async () => {
    const d = deps();
    await createVault(d, ana, 'master password');
    const record = await requireRecord(d, 'ana');
    expect(record.email).toBe('ana@example.com');
    expect(record.createdAt).toBe(Date.UTC(2026, 10, 21));
    d.session.clear();
    await openVault(d, ana, record, 'master password');
    expect(d.session.getState().status).toBe('unlocked');
  });

  it('a new vault is born marked sealed: nothing in it is in format 1, so its first load writes no mark', async () => {
    const d = deps();
    await createVault(d, ana, 'master password');
    expect((await requireRecord(d, 'ana')).entryFormat).toBe(2);
  });

  it('an account without an address gets a record with email null, as the rules require', async () => {
    const d = deps();
    await createVault(d, { ...ana, email: null, provider: 'github' }, 'master password');
    const record = await requireRecord(d, 'ana');
    expect(record.email).toBeNull();
    expect(record.authProvider).toBe('github');
    expect(d.session.getState().status).toBe('unlocked');
  });

  it('a record without a salt cannot be opened, and says so', async () => {
    const d = deps();
    await createVault(d, ana, 'master password');
    d.session.clear();
    const record = { ...(await requireRecord(d, 'ana')), encryptionSalt: '' };
    await expect(openVault(d, ana, record, 'master password')).rejects.toThrow('Encryption salt not found. Please contact support.');
    expect(d.session.keys()).toBeNull();
  });

  it('a missing record is "User data not found"', async () => {
    await expect(requireRecord(deps(), 'nobody')).rejects.toThrow('User data not found');
  });
});
