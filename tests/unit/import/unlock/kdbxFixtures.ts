// KeePass databases made by the test through kdbxweb itself (issue #44): never a user's file. KDBX 4
// with Argon2id (or Argon2d) and KDBX 3.1 with AES-KDF, each holding nested groups, an entry with
// history and a one-time code, an entry in the root group, a custom protected string, and an entry
// in the Recycle Bin. The Argon2 here is hash-wasm's, called directly, not Keyloft's wrapper.
import { argon2d, argon2id } from 'hash-wasm';
import * as kdbxwebModule from 'kdbxweb';

type Kdbxweb = typeof kdbxwebModule;
const library: Kdbxweb = ('default' in kdbxwebModule ? (kdbxwebModule as unknown as { default: Kdbxweb }).default : kdbxwebModule);
export { library as kdbxweb };

// A database asking for more memory than this is written with a stand-in key: the reader must refuse
// its header before deriving anything, so what the key would have been does not matter.
const WRITE_MEMORY_LIMIT_KIB = 1024 * 1024;

/** Installed before each write: the reader installs Keyloft's own on each read. */
function useTestArgon2(): void {
  library.CryptoEngine.setArgon2Impl(async (password, salt, memory, iterations, length, parallelism, type) => {
    if (memory > WRITE_MEMORY_LIMIT_KIB) return new ArrayBuffer(length);
    const run = type === library.CryptoEngine.Argon2TypeArgon2d ? argon2d : argon2id;
    const hash = await run({
      password: new Uint8Array(password),
      salt: new Uint8Array(salt),
      memorySize: memory,
      iterations,
      parallelism,
      hashLength: length,
      outputType: 'binary',
    });
    return hash.slice().buffer;
  });
}

/** Saves through the test's own Argon2. */
export async function saveKdbx(db: InstanceType<Kdbxweb['Kdbx']>): Promise<Uint8Array<ArrayBuffer>> {
  useTestArgon2();
  return new Uint8Array(await db.save());
}

export const MASTER_PASSWORD = 'correct horse battery staple ☃';
export const TOTP = 'otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXP&issuer=Bank&period=30&digits=6';
// Whole seconds: KDBX 4 stores times to the second.
export const OLD_SAVED = new Date('2024-03-01T09:00:00Z');
export const PASSWORD_CHANGED = new Date('2025-06-15T12:30:00Z');

export type KdbxKind = 'kdbx4-argon2id' | 'kdbx4-argon2d' | 'kdbx3-aes';

function credentials(password: string | null, keyFile?: Uint8Array) {
  return new library.Credentials(password === null ? null : library.ProtectedValue.fromString(password), keyFile ?? null);
}

/** The database as its file's bytes. */
export async function makeKdbx(kind: KdbxKind, options: { password?: string | null; keyFile?: Uint8Array } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const db = library.Kdbx.create(credentials(options.password === undefined ? MASTER_PASSWORD : options.password, options.keyFile), 'Family vault');
  if (kind === 'kdbx3-aes') {
    db.setVersion(3);
    // AES-KDF rounds kept low so the test is quick; the format is the same at any count.
    db.header.keyEncryptionRounds = 1000;
  } else {
    db.setVersion(4);
    db.setKdf(kind === 'kdbx4-argon2id' ? library.Consts.KdfId.Argon2id : library.Consts.KdfId.Argon2d);
  }
  const root = db.getDefaultGroup();
  const work = db.createGroup(root, 'Work');
  const clients = db.createGroup(work, 'Clients');

  const bank = db.createEntry(clients);
  bank.fields.set('Title', 'Bank');
  bank.fields.set('UserName', 'ana');
  bank.fields.set('Password', library.ProtectedValue.fromString('old pass, "quoted"'));
  bank.fields.set('URL', 'https://bank.example/login');
  bank.fields.set('Notes', 'First line\nsecond line café 🔑');
  bank.times.lastModTime = OLD_SAVED;
  bank.pushHistory();
  bank.fields.set('Password', library.ProtectedValue.fromString(' n3w pass '));
  bank.fields.set('otp', library.ProtectedValue.fromString(TOTP));
  bank.fields.set('PIN', library.ProtectedValue.fromString('0042'));
  bank.times.lastModTime = PASSWORD_CHANGED;

  const mail = db.createEntry(root);
  mail.fields.set('Title', 'Mail');
  mail.fields.set('UserName', 'ana@mail.example');
  mail.fields.set('Password', library.ProtectedValue.fromString('mail-pw'));
  mail.fields.set('URL', 'https://mail.example');

  db.createRecycleBin();
  const gone = db.createEntry(root);
  gone.fields.set('Title', 'Old forum');
  gone.fields.set('Password', library.ProtectedValue.fromString('forum-pw'));
  db.remove(gone);

  return saveKdbx(db);
}

/** A KeePass 2.x XML key file (version 2), as KeePass makes one. */
export async function makeKeyFile(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await library.Credentials.createRandomKeyFile(2));
}
