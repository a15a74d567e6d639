import { describe, expect, it } from 'vitest';
import {
  CryptoError,
  DecryptionError,
  InvalidCiphertextError,
  InvalidKeyError,
  KeyTypeError,
  UnsupportedKdfError,
  WrongExportPasswordError,
  WrongMasterPasswordError,
} from '../../../src/crypto';

describe('error types', () => {
  it.each([
    [new DecryptionError(), DecryptionError, 'DecryptionError', 'decryption-failed'],
    [new InvalidCiphertextError(), InvalidCiphertextError, 'InvalidCiphertextError', 'invalid-ciphertext'],
    [new InvalidKeyError(), InvalidKeyError, 'InvalidKeyError', 'invalid-key'],
    [new WrongMasterPasswordError(), WrongMasterPasswordError, 'WrongMasterPasswordError', 'wrong-master-password'],
    [new WrongExportPasswordError(), WrongExportPasswordError, 'WrongExportPasswordError', 'wrong-export-password'],
    [new UnsupportedKdfError('x'), UnsupportedKdfError, 'UnsupportedKdfError', 'unsupported-kdf'],
    [new KeyTypeError('x'), KeyTypeError, 'KeyTypeError', 'key-type'],
  ] as const)('%s has its class, name and code', (error, type, name, code) => {
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(CryptoError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
  });

  it('uses the SPEC §8 messages the UI shows', () => {
    expect(new DecryptionError().message).toBe('Failed to decrypt data. The encryption key may be invalid.');
    expect(new WrongMasterPasswordError().message).toBe('Invalid master password. Please try again.');
  });

  it('keeps the underlying cause', () => {
    const cause = new Error('OperationError');
    expect(new DecryptionError({ cause }).cause).toBe(cause);
  });
});
