// A passwords repository whose `failAt`-th create (from 1) fails as a lost connection would, and
// every other call goes through: the failure injected halfway through an import.
import type { PasswordRepository } from '../../src/data/vault/storedEntries';

export function failingCreates(passwords: PasswordRepository, failAt: number): PasswordRepository {
  let creates = 0;
  return new Proxy(passwords, {
    get(target, property) {
      if (property === 'create') {
        return (...args: Parameters<PasswordRepository['create']>) =>
          (creates += 1) === failAt ? Promise.reject(new Error('connection lost')) : target.create(...args);
      }
      const value: unknown = Reflect.get(target, property, target);
      // The memory repositories are classes: their methods need their own `this`.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
