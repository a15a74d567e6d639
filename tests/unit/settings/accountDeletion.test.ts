import { describe, expect, it } from 'vitest';
import { createAccountFunctions } from '../../../src/data/functions/accountFunctions';
import { InvalidMasterPasswordError, createAccountDeletionApi } from '../../../src/features/settings/accountDeletion';
import { MASTER, UID, accountWorld } from '../../doubles/accountWorld';

describe('account deletion service', () => {
  it('lists the teams the user owns, by name, and not the ones they only joined', async () => {
    const { api } = await accountWorld();
    expect(await api.listTeamsToDelete()).toEqual([
      { id: 't-alpha', name: 'Alpha' },
      { id: 't-zeta', name: 'Zeta' },
    ]);
  });

  it('with the right master password, calls deleteAccount once and then signs out', async () => {
    const { api, functions, signedOut } = await accountWorld();
    await api.deleteAccount(MASTER);
    expect(functions.deleteCalls).toBe(1);
    expect(signedOut.count).toBe(1);
  });

  it('with a wrong master password, deletes nothing and does not sign out', async () => {
    const { api, functions, signedOut } = await accountWorld();
    const attempt = api.deleteAccount('not it');
    await expect(attempt).rejects.toBeInstanceOf(InvalidMasterPasswordError);
    await expect(attempt).rejects.toThrow('Invalid master password. Please try again.');
    expect(functions.deleteCalls).toBe(0);
    expect(signedOut.count).toBe(0);
  });

  it('refuses an empty master password without calling the server', async () => {
    const { api, functions } = await accountWorld();
    await expect(api.deleteAccount('')).rejects.toThrow('Master password is required to delete your account.');
    expect(functions.deleteCalls).toBe(0);
  });

  it('a server failure stays signed in, so the user can try again', async () => {
    const { api, functions, signedOut } = await accountWorld();
    functions.fail = new Error('internal');
    await expect(api.deleteAccount(MASTER)).rejects.toThrow('internal');
    expect(signedOut.count).toBe(0);
  });

  it('without a user record, says so and deletes nothing', async () => {
    const world = await accountWorld();
    const api = createAccountDeletionApi({
      uid: `${UID}-none`,
      users: world.repositories.users,
      teams: world.repositories.teams,
      functions: world.functions,
      signOut: () => Promise.resolve(),
    });
    await expect(api.deleteAccount(MASTER)).rejects.toThrow('User data not found');
    expect(world.functions.deleteCalls).toBe(0);
  });
});

describe('createAccountFunctions', () => {
  it('calls deleteAccount with no payload and reads { success, message }', async () => {
    const calls: unknown[] = [];
    const functions = createAccountFunctions((name, data) => {
      calls.push([name, data]);
      return Promise.resolve({ success: true, message: 'done' });
    });
    expect(await functions.deleteAccount()).toEqual({ success: true, message: 'done' });
    expect(calls).toEqual([['deleteAccount', {}]]);
  });

  it('rejects a reply of another shape', async () => {
    const functions = createAccountFunctions(() => Promise.resolve({ ok: true }));
    await expect(functions.deleteAccount()).rejects.toThrow('deleteAccount returned an unexpected reply.');
  });
});
