// A password-protected Bitwarden export made by the test (issue #44) from Bitwarden's documented
// format, with WebCrypto (and hash-wasm's Argon2id, called directly, not Keyloft's wrapper): the key
// derived from the password and the file's salt (PBKDF2-SHA256, or Argon2id over SHA-256 of the
// salt with memory in MiB), stretched by HKDF-Expand into "enc" and "mac" keys, each value an
// EncString of type 2 ("2.iv|ciphertext|mac", AES-256-CBC, HMAC-SHA256 over iv ‖ ciphertext).
// Never a user's file.
import { webcrypto } from 'node:crypto';
import { argon2id } from 'hash-wasm';

const subtle = webcrypto.subtle;
const utf8 = (text: string) => new TextEncoder().encode(text);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const random = (length: number) => webcrypto.getRandomValues(new Uint8Array(length));

export const PASSWORD = 'file password, not the master one ✓';

/** Bitwarden's plain `.json` export, as its clients write it: a login, a secure note and a card. */
export const PLAIN = {
  encrypted: false,
  folders: [{ id: 'f1', name: 'Finance/Cards' }],
  items: [
    {
      id: 'i1',
      folderId: null,
      type: 1,
      reprompt: 0,
      name: 'GitHub',
      notes: 'Work account\nsecond line',
      favorite: false,
      fields: [{ name: 'Recovery', value: 'aaaa-bbbb', type: 1, linkedId: null }],
      login: {
        uris: [{ match: null, uri: 'https://github.com/login' }, { match: null, uri: 'https://gist.github.com' }],
        username: 'ada',
        password: ' s3cret, "quoted" ',
        totp: 'otpauth://totp/GitHub:ada?secret=JBSWY3DPEHPK3PXP&issuer=GitHub',
      },
      passwordHistory: [{ lastUsedDate: '2025-01-02T03:04:05.000Z', password: 'older-pw' }],
      collectionIds: null,
    },
    { id: 'i2', folderId: null, type: 2, reprompt: 0, name: 'Wi-Fi', notes: 'guest / hunter2', favorite: false, secureNote: { type: 0 }, collectionIds: null },
    {
      id: 'i3',
      folderId: 'f1',
      type: 3,
      reprompt: 0,
      name: 'Visa',
      notes: null,
      favorite: false,
      card: { cardholderName: 'Ada Lovelace', brand: 'Visa', number: '4111111111111111', expMonth: '7', expYear: '2031', code: '123' },
      collectionIds: null,
    },
  ],
};

export type Kdf = { kdfType: 0; kdfIterations: number } | { kdfType: 1; kdfIterations: number; kdfMemory: number; kdfParallelism: number };

async function hkdfExpand(prk: Uint8Array, info: string): Promise<Uint8Array> {
  const key = await subtle.importKey('raw', prk, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', key, new Uint8Array([...utf8(info), 1])));
}

async function deriveKey(password: string, salt: string, kdf: Kdf): Promise<Uint8Array> {
  if (kdf.kdfType === 0) {
    const material = await subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']);
    return new Uint8Array(await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: utf8(salt), iterations: kdf.kdfIterations }, material, 256));
  }
  return argon2id({
    password: utf8(password),
    salt: new Uint8Array(await subtle.digest('SHA-256', utf8(salt))),
    iterations: kdf.kdfIterations,
    memorySize: kdf.kdfMemory * 1024,
    parallelism: kdf.kdfParallelism,
    hashLength: 32,
    outputType: 'binary',
  });
}

async function encString(text: string, encKey: Uint8Array, macKey: Uint8Array): Promise<string> {
  const iv = random(16);
  const aes = await subtle.importKey('raw', encKey, 'AES-CBC', false, ['encrypt']);
  const data = new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv }, aes, utf8(text)));
  const hmac = await subtle.importKey('raw', macKey, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', hmac, new Uint8Array([...iv, ...data])));
  return `2.${base64(iv)}|${base64(data)}|${base64(mac)}`;
}

/** The file Bitwarden writes for "File format: .json (Encrypted)", "Password protected". */
export async function protectedExport(kdf: Kdf, plain: unknown = PLAIN, password = PASSWORD): Promise<Record<string, unknown>> {
  const salt = base64(random(16));
  const key = await deriveKey(password, salt, kdf);
  const [encKey, macKey] = await Promise.all([hkdfExpand(key, 'enc'), hkdfExpand(key, 'mac')]);
  return {
    encrypted: true,
    passwordProtected: true,
    salt,
    kdfType: kdf.kdfType,
    kdfIterations: kdf.kdfIterations,
    kdfMemory: kdf.kdfType === 1 ? kdf.kdfMemory : null,
    kdfParallelism: kdf.kdfType === 1 ? kdf.kdfParallelism : null,
    encKeyValidation_DO_NOT_EDIT: await encString(webcrypto.randomUUID(), encKey, macKey),
    data: await encString(JSON.stringify(plain, null, 2), encKey, macKey),
  };
}


export const PBKDF2: Kdf = { kdfType: 0, kdfIterations: 600_000 };
// Bitwarden's smallest Argon2id settings (16 MiB, 2 iterations), to keep the test quick.
export const ARGON2ID: Kdf = { kdfType: 1, kdfIterations: 2, kdfMemory: 16, kdfParallelism: 2 };
