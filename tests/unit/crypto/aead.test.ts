import { beforeAll, describe, expect, it } from 'vitest';
import {
  DecryptionError,
  GCM_TAG_BYTES,
  IV_BYTES,
  InvalidCiphertextError,
  base64ToBytes,
  bytesToBase64Url,
  decryptBytes,
  decryptText,
  encryptBytes,
  encryptText,
  entryFieldContext,
  generateSharedSecret,
  generateTeamKey,
  importInviteKey,
  utf8Encode,
} from '../../../src/crypto';
import type { InviteKey, Sealed, TeamKey } from '../../../src/crypto';
import { forgedBinding, forgedSealed } from '../../support/forgedCiphertext';
import { flipByte, nodeOpen, nodeSeal } from './node-oracle';

const TEXTS = ['', 'hunter2', 'Grüße aus Köln — пароль — 密码', '🔐🗝️👩‍💻 emoji', 'x'.repeat(10_000)];

let team: TeamKey;
let otherTeam: TeamKey;
let teamRaw: Uint8Array;

beforeAll(async () => {
  [team, otherTeam] = await Promise.all([generateTeamKey(), generateTeamKey()]);
  teamRaw = new Uint8Array(await crypto.subtle.exportKey('raw', team.key));
});

describe('encryptText / decryptText', () => {
  it.each(TEXTS)('round-trips %j with and without additional data', async (text) => {
    const context = entryFieldContext('entry-1', 'password');
    expect(await decryptText(team, await encryptText(team, text, context), context)).toBe(text);
    // @ts-expect-error -- no binding: a compile error (issue #19); untyped callers still reach the run-time path tested here.
    expect(await decryptText(team, await encryptText(team, text))).toBe(text);
  });

  it('works with an invitation key too', async () => {
    const invite = await importInviteKey(generateSharedSecret());
    expect(await decryptText(invite, await encryptText(invite, 'secret', forgedBinding('ctx')), forgedBinding('ctx'))).toBe('secret');
  });

  it('stores exactly base64(IV ‖ ciphertext ‖ 16-byte tag), readable by node:crypto', async () => {
    const context = entryFieldContext('abc', 'username');
    const sealed = await encryptText(team, 'alice@example.com', context);
    expect(base64ToBytes(sealed).length).toBe(IV_BYTES + 'alice@example.com'.length + GCM_TAG_BYTES);
    expect(nodeOpen(teamRaw, sealed, context).toString('utf8')).toBe('alice@example.com');
  });

  it('uses a fresh IV each time, so equal plaintexts give different ciphertexts', async () => {
    // @ts-expect-error -- no binding: a compile error (issue #19); untyped callers still reach the run-time path tested here.
    const a = await encryptText(team, 'same');
    // @ts-expect-error -- no binding: a compile error (issue #19); untyped callers still reach the run-time path tested here.
    const b = await encryptText(team, 'same');
    expect(a).not.toBe(b);
    expect(base64ToBytes(a).subarray(0, IV_BYTES)).not.toEqual(base64ToBytes(b).subarray(0, IV_BYTES));
  });
});

describe('known answers from node:crypto', () => {
  it('decrypts a fixed-key, fixed-IV AES-256-GCM vector with additional data', async () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i);
    const iv = Uint8Array.from({ length: 12 }, (_, i) => 0xa0 + i);
    const context = entryFieldContext('kat-entry', 'password');
    const sealed = forgedSealed<'entry-field'>(nodeSeal(key, 'correct horse battery staple ✓', context, iv));
    const invite: InviteKey = await importInviteKey(bytesToBase64Url(key));
    expect(await decryptText(invite, sealed, context)).toBe('correct horse battery staple ✓');
    // The same vector with a different context must not open.
    await expect(decryptText(invite, sealed, entryFieldContext('kat-entry', 'username'))).rejects.toThrow(DecryptionError);
  });

  it('decrypts what node encrypts under a generated team key', async () => {
    const sealed = forgedSealed<'entry-field'>(nodeSeal(teamRaw, '🔑 from OpenSSL', 'keyloft/entry/v1/e/password'));
    expect(await decryptText(team, sealed, entryFieldContext('e', 'password'))).toBe('🔑 from OpenSSL');
  });
});

describe('tampering and misuse', () => {
  let sealed: Sealed<'entry-field'>;
  const context = entryFieldContext('entry-A', 'password');

  beforeAll(async () => {
    sealed = await encryptText(team, 'tamper me', context);
  });

  it.each([
    ['the IV', 0],
    ['the last IV byte', IV_BYTES - 1],
    ['the ciphertext body', IV_BYTES],
    ['the tag', -1],
    ['the first tag byte', -GCM_TAG_BYTES],
  ])('throws DecryptionError when a byte of %s flips', async (_label, index) => {
    await expect(decryptText(team, forgedSealed(flipByte(sealed, index)), context)).rejects.toThrow(DecryptionError);
  });

  it('throws InvalidCiphertextError when shorter than IV + tag', async () => {
    const bytes = base64ToBytes(sealed);
    const truncated = forgedSealed<'entry-field'>(Buffer.from(bytes.subarray(0, IV_BYTES + GCM_TAG_BYTES - 1)).toString('base64'));
    await expect(decryptText(team, truncated, context)).rejects.toThrow(InvalidCiphertextError);
    await expect(decryptText(team, forgedSealed(''), context)).rejects.toThrow(InvalidCiphertextError);
  });

  it('throws DecryptionError when truncated but still long enough to parse', async () => {
    const bytes = base64ToBytes(sealed);
    const truncated = forgedSealed<'entry-field'>(Buffer.from(bytes.subarray(0, bytes.length - 1)).toString('base64'));
    await expect(decryptText(team, truncated, context)).rejects.toThrow(DecryptionError);
  });

  it('throws InvalidCiphertextError for non-base64 input', async () => {
    await expect(decryptText(team, forgedSealed('not base64!'), context)).rejects.toThrow(InvalidCiphertextError);
    await expect(decryptText(team, forgedSealed(`${sealed}\n`), context)).rejects.toThrow(InvalidCiphertextError);
  });

  it('throws DecryptionError under the wrong key', async () => {
    await expect(decryptText(otherTeam, sealed, context)).rejects.toThrow(DecryptionError);
  });

  it("throws DecryptionError for entry A's ciphertext presented as entry B's", async () => {
    await expect(decryptText(team, sealed, entryFieldContext('entry-B', 'password'))).rejects.toThrow(DecryptionError);
  });

  it('throws DecryptionError for a password presented as the username', async () => {
    await expect(decryptText(team, sealed, entryFieldContext('entry-A', 'username'))).rejects.toThrow(DecryptionError);
  });

  it('throws DecryptionError when the additional data is dropped or added', async () => {
    // @ts-expect-error -- no binding: a compile error (issue #19); untyped callers still reach the run-time path tested here.
    await expect(decryptText(team, sealed)).rejects.toThrow(DecryptionError);
    // @ts-expect-error -- no binding: a compile error (issue #19); untyped callers still reach the run-time path tested here.
    const bare = await encryptText(team, 'no context');
    await expect(decryptText(team, bare, context)).rejects.toThrow(DecryptionError);
  });

  it('never returns a value for a failed decryption', async () => {
    const outcome = await decryptText(team, forgedSealed(flipByte(sealed, 20)), context).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    expect(outcome).not.toHaveProperty('value');
    expect(outcome).toHaveProperty('error');
  });
});

describe('byte variants', () => {
  it('round-trip arbitrary bytes, including a Buffer view with an offset', async () => {
    const backing = Buffer.from('0123456789abcdef');
    const view = backing.subarray(3, 11);
    const sealed = await encryptBytes(team, view, forgedBinding('bytes'));
    expect(sealed.length).toBe(IV_BYTES + view.length + GCM_TAG_BYTES);
    expect(await decryptBytes(team, sealed, forgedBinding('bytes'))).toEqual(new Uint8Array(view));
    expect(await decryptBytes(team, await encryptBytes(team, utf8Encode(''), forgedBinding('bytes')), forgedBinding('bytes'))).toEqual(new Uint8Array(0));
  });
});

describe('entryFieldContext', () => {
  it('is a stable, versioned string per entry and field', () => {
    expect(entryFieldContext('k3Yl0ft', 'username')).toBe('keyloft/entry/v1/k3Yl0ft/username');
    expect(entryFieldContext('k3Yl0ft', 'password')).toBe('keyloft/entry/v1/k3Yl0ft/password');
  });

  it('refuses an empty id or an unknown field', () => {
    expect(() => entryFieldContext('', 'password')).toThrow();
    expect(() => entryFieldContext('id', 'notes' as 'password')).toThrow();
  });
});
