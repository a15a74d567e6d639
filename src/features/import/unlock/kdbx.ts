// Opening a KeePass 2 database (.kdbx, KDBX 3.1 and 4; issue #44): the file's bytes, the master
// password and, when the database has one, its key file give the database as KeePass XML, exactly
// what KeePass's File › Export › KeePass XML (2.x) writes, so the KeePass XML parser reads it and
// groups, history, one-time codes and what is not carried are the same as for an exported file.
// kdbxweb reads the format; Argon2 (KDBX 4's usual key derivation) is Keyloft's own (src/crypto,
// hash-wasm). Both are loaded on first use. No UI and no state, so it can run in the import worker.
import { ARGON2_LIMITS, CryptoError, argon2 } from '../../../crypto';
import type * as KdbxwebModule from 'kdbxweb';
import { ImportFileError, NeedsFilePasswordError } from '../model';

type Kdbxweb = typeof KdbxwebModule;

// What kdbxweb's Argon2 hook passes: type 0 is Argon2d, 2 is Argon2id (its CryptoEngine constants).
const ARGON2D = 0;
const ARGON2_VERSION_13 = 0x13;

let loaded: Promise<Kdbxweb> | null = null;

function kdbxweb(): Promise<Kdbxweb> {
  // The UMD build's namespace arrives as `default` when bundled as CommonJS.
  loaded ??= import('kdbxweb').then((module) => ('default' in module ? module.default : module));
  return loaded;
}

/** kdbxweb's Argon2 hook, on Keyloft's Argon2: the settings are checked against its limits first. */
const keyloftArgon2: Parameters<Kdbxweb['CryptoEngine']['setArgon2Impl']>[0] = async (password, salt, memory, iterations, length, parallelism, type, version) => {
  if (version !== ARGON2_VERSION_13) {
    throw new ImportFileError(
      'This KeePass database uses Argon2 version 1.0, which Keyloft cannot open. In KeePass, change the database’s key derivation settings (File › Database Settings › Security), save, and try again.',
    );
  }
  const hash = await argon2({
    variant: type === ARGON2D ? 'argon2d' : 'argon2id',
    password: new Uint8Array(password),
    salt: new Uint8Array(salt),
    memoryKiB: memory,
    iterations,
    parallelism,
    hashLength: length,
  });
  return hash.slice().buffer;
};

function readableError(error: unknown, library: Kdbxweb): unknown {
  if (error instanceof ImportFileError || error instanceof NeedsFilePasswordError) return error;
  if (error instanceof CryptoError) {
    return new ImportFileError(`This KeePass database asks for key derivation settings Keyloft refuses: ${error.message} (Keyloft opens Argon2 with up to ${String(ARGON2_LIMITS.maxMemoryKiB / 1024)} MiB.)`);
  }
  // kdbxweb reads a cut-short file past its end with a DataView, which throws RangeError.
  if (error instanceof RangeError) return new ImportFileError('This KeePass database is damaged or cut short, and cannot be opened.');
  if (!(error instanceof library.KdbxError)) return error;
  const { ErrorCodes } = library.Consts;
  switch (error.code) {
    case ErrorCodes.BadSignature:
      return new ImportFileError('This file is not a KeePass 2 database (.kdbx): its first bytes are not KeePass’s signature.');
    case ErrorCodes.InvalidVersion:
    case ErrorCodes.Unsupported:
      return new ImportFileError(
        `This KeePass database uses a version or setting Keyloft cannot open (${error.message}). Export it from KeePass as KeePass XML (2.x) (File › Export), and import that file.`,
      );
    case ErrorCodes.FileCorrupt:
      return new ImportFileError(`This KeePass database is damaged or cut short, and cannot be opened (${error.message}).`);
    default:
      return new ImportFileError(`This KeePass database cannot be opened (${error.message}).`);
  }
}

/**
 * The database as KeePass XML text. `password` is the master password as typed; with a key file,
 * an empty password means the database has none (KeePass's "key file only"), and an empty
 * password that KeePass did set is tried next. Throws NeedsFilePasswordError (wrong) when the
 * password and key file do not open it, ImportFileError when it is not a database Keyloft opens.
 */
export async function unlockKdbx(bytes: Uint8Array, password: string, keyFile?: Uint8Array): Promise<string> {
  if (password === '' && keyFile === undefined) throw new NeedsFilePasswordError(false, 'keepass');
  const library = await kdbxweb();
  // Set on each call, not once: the hook is the library's global, and nothing else may stand in it.
  library.CryptoEngine.setArgon2Impl(keyloftArgon2);
  const attempts: (string | null)[] = password === '' ? [null, ''] : [password];
  try {
    for (const [index, attempt] of attempts.entries()) {
      const credentials = new library.Credentials(attempt === null ? null : library.ProtectedValue.fromString(attempt), keyFile ?? null);
      try {
        // Kdbx.load takes an ArrayBuffer: a view's buffer may hold more than the file, a copy's does not.
        const database = await library.Kdbx.load(bytes.slice().buffer, credentials);
        return await database.saveXml();
      } catch (error) {
        const wrong = error instanceof library.KdbxError && error.code === library.Consts.ErrorCodes.InvalidKey;
        if (!wrong) throw error;
        if (index === attempts.length - 1) throw new NeedsFilePasswordError(true, 'keepass', keyFile !== undefined);
      }
    }
  } catch (error) {
    throw readableError(error, library);
  }
  throw new NeedsFilePasswordError(true, 'keepass', keyFile !== undefined);
}
