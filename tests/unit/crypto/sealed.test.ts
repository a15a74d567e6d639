import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  InvalidCiphertextError,
  KNOWN_KEYS_CONTEXT,
  SEALED_ENTRY_FORMAT,
  asStoredCiphertext,
  decryptText,
  encryptText,
  entryFieldContext,
  generateTeamKey,
  isStoredCiphertext,
  openEntryOverview,
  sealEntryOverview,
  type Binding,
  type Sealed,
} from '../../../src/crypto';
import type { StoredPlainEntry, StoredSealedEntry, StoredSealedGroup } from '../../../src/data/vault/storedEntries';

// The ciphertext type (issue #19, docs/architecture.md "The ciphertext type"). The lines under
// `@ts-expect-error` are what must not compile: the typecheck (tests/tsconfig.json) fails if any
// of them does. The rest proves the one parse that turns a stored string into a Sealed value.

const binding = { entryId: 'e1', keyVersion: null, format: SEALED_ENTRY_FORMAT };
const CIPHER = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

describe('Sealed values and bindings (compile time)', () => {
  it('clear text cannot be written into a sealed field of a stored shape', () => {
    const overview = asStoredCiphertext('entry-overview', CIPHER);
    const details = asStoredCiphertext('entry-details', CIPHER);
    const common = { teamId: null, userId: 'ana', groupId: null, encrypted: true as const, revision: 1, createdAt: 1, updatedAt: 1 };
    const sealed: StoredSealedEntry = { format: 2, overview, details, ...common };
    expect(sealed.overview).toBe(CIPHER);
    // @ts-expect-error -- a title typed by the user is not an overview part
    const clearOverview: StoredSealedEntry = { format: 2, overview: 'Bank', details, ...common };
    // @ts-expect-error -- nor is any string a details part
    const clearDetails: StoredSealedEntry = { format: 2, overview, details: 'hunter2' as string, ...common };
    // @ts-expect-error -- a format-1 password is sealed too, field by field
    const clearPassword: StoredPlainEntry = { title: 'Bank', username: asStoredCiphertext('entry-field', CIPHER), password: 'hunter2', ...common };
    // @ts-expect-error -- a group's name is sealed as its one part
    const clearGroup: StoredSealedGroup = { format: 2, sealed: 'Servers', userId: 'ana', teamId: null, revision: 1, createdAt: 1, updatedAt: 1 };
    expect([clearOverview, clearDetails, clearPassword, clearGroup]).toHaveLength(4);
  });

  it('one purpose’s ciphertext is not another’s', () => {
    const field = asStoredCiphertext('entry-field', CIPHER);
    // @ts-expect-error -- a format-1 field is not an overview part
    const asOverview: Sealed<'entry-overview'> = field;
    // @ts-expect-error -- an overview part is not a details part
    const asDetails: Sealed<'entry-details'> = asStoredCiphertext('entry-overview', CIPHER);
    expect([asOverview, asDetails]).toHaveLength(2);
    // Every Sealed value is still the string that is stored.
    expectTypeOf(field).toExtend<string>();
  });

  it('sealing and opening need a binding, and the one of the ciphertext’s purpose', async () => {
    const team = await generateTeamKey();
    const context = entryFieldContext('e1', 'password');
    const sealed = await encryptText(team, 'hunter2', context);
    expectTypeOf(sealed).toEqualTypeOf<Sealed<'entry-field'>>();
    expect(await decryptText(team, sealed, context)).toBe('hunter2');
    const unbound = async () => {
      // @ts-expect-error -- no binding
      await encryptText(team, 'hunter2');
      // @ts-expect-error -- a bare string is no binding
      await encryptText(team, 'hunter2', 'keyloft/entry/v1/e1/password');
      // @ts-expect-error -- the remembered-keys binding does not open an entry's field
      await decryptText(team, sealed, KNOWN_KEYS_CONTEXT);
      // @ts-expect-error -- an entry's part is sealed only with its binding
      await sealEntryOverview(team, undefined, { title: 'Bank', url: null, username: 'ana' });
      // @ts-expect-error -- nor opened without one
      await openEntryOverview(team, undefined, asStoredCiphertext('entry-overview', CIPHER));
    };
    expect(unbound).toBeTypeOf('function');
    // Only src/crypto makes a binding: a string is not one.
    expectTypeOf<string>().not.toExtend<Binding<'entry-field'>>();
    expectTypeOf(context).toEqualTypeOf<Binding<'entry-field'>>();
  });

  it('a sealed overview opens under its binding', async () => {
    const team = await generateTeamKey();
    const sealed = await sealEntryOverview(team, binding, { title: 'Bank', url: null, username: 'ana' });
    expectTypeOf(sealed).toEqualTypeOf<Sealed<'entry-overview'>>();
    expect(await openEntryOverview(team, binding, sealed)).toEqual({ title: 'Bank', url: null, username: 'ana' });
  });
});

describe('asStoredCiphertext / isStoredCiphertext (the parse of a stored value)', () => {
  it('takes base64 with its padding, and what a seal function writes', async () => {
    const team = await generateTeamKey();
    const written: string = await encryptText(team, 'x', entryFieldContext('e1', 'username'));
    for (const value of [CIPHER, 'AAAA', 'AA==', 'AAA=', 'a+/9', '', written]) {
      expect(isStoredCiphertext(value)).toBe(true);
      expect(asStoredCiphertext('entry-field', value)).toBe(value);
    }
  });

  it('refuses what is not shaped like base64, with InvalidCiphertextError naming the purpose', () => {
    for (const value of ['Bank!', 'not base64!', 'AAAA\n', ' AAAA', 'AAA', 'A===', 'AA=A', 'AAAA=', 'AA-_', 'ÄÄÄÄ']) {
      expect(isStoredCiphertext(value)).toBe(false);
      expect(() => asStoredCiphertext('entry-details', value)).toThrow(InvalidCiphertextError);
    }
    expect(() => asStoredCiphertext('group-overview', 'Servers')).toThrow('The stored group-overview is not base64.');
  });

  it('takes exactly the strings of the base64 grammar (every string of up to 8 characters over a mixed alphabet)', () => {
    const grammar = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
    // In the alphabet (A, +, /), padding (=), and outside it: base64url's '-', a Latin-1 letter, an astral character's half.
    const characters = ['A', '+', '/', '=', '-', 'Ä', '\uD83D'];
    let strings = [''];
    let checked = 0;
    let accepted = 0;
    for (let length = 0; length <= 8; length += 1) {
      for (const value of strings) {
        const expected = grammar.test(value);
        if (isStoredCiphertext(value) !== expected) throw new Error(`isStoredCiphertext(${JSON.stringify(value)}) should be ${expected}`);
        checked += 1;
        if (expected) accepted += 1;
      }
      // Every string up to 6 characters; 7 and 8 only after a first quad the grammar takes (7^8 strings would be too many).
      strings = strings.flatMap((value) => (length < 6 || grammar.test(value.slice(0, 4 * Math.floor(value.length / 4))) ? characters.map((c) => value + c) : []));
    }
    expect(checked).toBeGreaterThan(100_000);
    expect(accepted).toBeGreaterThan(1_000);
  });

  it('refuses what is not a string at all', () => {
    for (const value of [null, undefined, 42, {}, ['AAAA'], new Uint8Array(4)]) {
      expect(isStoredCiphertext(value)).toBe(false);
      expect(() => asStoredCiphertext('known-key', value)).toThrow(InvalidCiphertextError);
    }
  });
});
