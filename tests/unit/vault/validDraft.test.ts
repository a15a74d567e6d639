import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  asTypedDraft,
  handOver,
  toSavedDraft,
  validatePasswordDraft,
  type ValidDraft,
} from '../../../src/features/vault/form/validatePasswordDraft';
import type { VaultController } from '../../../src/features/vault/useVault';

const typed = { title: ' Bank ', url: ' ', notes: '', username: 'ana', password: 'pw', groupId: 'g1' };

describe('ValidDraft: what the form hands over, checked once', () => {
  it('is made from a value that passed the rules: trimmed, an omitted url or notes as ""', () => {
    const checked = validatePasswordDraft(typed);
    if (!checked.ok) throw new Error('expected the draft to pass');
    expect(handOver(checked.value)).toEqual({ title: 'Bank', url: '', notes: '', username: 'ana', password: 'pw', groupId: 'g1' });
  });

  it('turns back into the stored shape (an omitted url or notes as null) without checking again', () => {
    const checked = validatePasswordDraft({ ...typed, notes: ' n ' });
    if (!checked.ok) throw new Error('expected the draft to pass');
    expect(toSavedDraft(handOver(checked.value))).toEqual(checked.value);
    expect(asTypedDraft(checked.value)).toEqual({ title: 'Bank', url: '', notes: 'n', username: 'ana', password: 'pw', groupId: 'g1' });
  });

  it('cannot be written by hand, so the vault’s save only takes a checked draft', () => {
    // @ts-expect-error: a plain object is not a ValidDraft
    const forged: ValidDraft = { title: '', url: '', notes: '', username: '', password: '', groupId: null };
    expect(forged.title).toBe('');
    // @ts-expect-error: nor is a stored-shape value that did not come from validatePasswordDraft
    handOver({ title: 't', url: null, notes: null, username: 'u', password: 'p', groupId: null });
    expectTypeOf<Parameters<VaultController['save']>[0]>().toEqualTypeOf<ValidDraft>();
  });
});
