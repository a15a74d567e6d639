import { base64ToBytes, concatToBase64, utf8Decode } from './encoding';
import { CryptoError, DecryptionError, InvalidCiphertextError } from './errors';
import { gcmDecryptStart, gcmOpenThen, gcmSealTextThen } from './gcm';
import { assertKeyKind, type SymmetricDataKey } from './keys';
import { healthValue, passwordFingerprint, readHealth, type EntryHealth } from './passwordHealth';
import { readItemOverview, type ItemOverview, ITEM_ENTRY_FORMAT } from './itemShapes';
import { pooledIv } from './random';
import { bindingAs, sealedAs, type Binding, type Sealed } from './sealed';

// Sealed entries (issue #18, docs/crypto.md "Sealed entries"): an entry is two AES-256-GCM parts
// under the vault key or the team key of its key version. The overview (title, url, username) is
// what the list, search and the group filter need, so opening a vault costs one decryption per
// entry; the details (password, notes) are opened when the user asks. Each part's additional data
// names the entry, the part, the format and the key version, so the server cannot move a part to
// another entry, swap the two parts, pass one format off as another, or replay a part sealed
// under an older team key as current.

/** The stored format of a sealed entry (format 1: today's clear title/url/notes, sealed username and password). */
export const SEALED_ENTRY_FORMAT = 2;

export type EntryPart = 'overview' | 'details';
// Checked at runtime as well: a part name from untyped code must not create a new context.
const ENTRY_PARTS: ReadonlySet<string> = new Set<EntryPart>(['overview', 'details']);

/** The purpose (sealed.ts) of each part: an overview's binding never opens a details part. */
interface PartPurposes {
  overview: 'entry-overview';
  details: 'entry-details';
}

export interface EntryPartBinding {
  readonly entryId: string;
  /** null for a personal entry (the vault key); else the team key version it is sealed under. */
  readonly keyVersion: number | null;
  readonly format: number;
}

export interface EntryOverview {
  readonly title: string;
  readonly url: string | null;
  readonly username: string;
  /**
   * True when the details hold a one-time code (issue #23): the item pane offers the code before
   * the details are opened, as it offers the password. Absent for none.
   */
  readonly hasOneTimeCode?: true;
  /**
   * The password's health record (issue #42, passwordHealth.ts), computed at the save. Absent on
   * an entry saved before it, or by a tab that does not write it: the report then opens the details.
   */
  readonly health?: EntryHealth;
}

/** A password an entry had, with when a save replaced it (issue #23). */
export interface ReplacedPassword {
  readonly password: string;
  /** Epoch milliseconds. */
  readonly replacedAt: number;
}

export interface EntryDetails {
  readonly password: string;
  readonly notes: string | null;
  /** The one-time code's otpauth:// link (issue #23); absent or null for none. */
  readonly otp?: string | null;
  /** Passwords the entry had, newest first (issue #23); absent or empty for none. */
  readonly history?: readonly ReplacedPassword[];
}

/** Details as opened: a part sealed before issue #23 reads as no one-time code and no history. */
export type OpenedEntryDetails = Required<EntryDetails>;

/** Additional data of one part: `keyloft/entry-part/v1/{entryId}/{format}/{vault | team-N}/{part}`. */
export function entryPartContext<T extends EntryPart>({ entryId, keyVersion, format }: EntryPartBinding, part: T): Binding<PartPurposes[T]> {
  if (typeof entryId !== 'string' || entryId.length === 0 || entryId.includes('/')) {
    throw new CryptoError('An entry id without "/" is required to bind the ciphertext.');
  }
  if (!Number.isSafeInteger(format) || format < SEALED_ENTRY_FORMAT) throw new CryptoError('Not a sealed entry format.');
  if (keyVersion !== null && (!Number.isSafeInteger(keyVersion) || keyVersion < 1)) {
    throw new CryptoError('A team key version is a whole number from 1.');
  }
  if (!ENTRY_PARTS.has(part)) throw new CryptoError(`Unknown entry part: ${part}.`);
  const key = keyVersion === null ? 'vault' : `team-${keyVersion}`;
  return bindingAs(`keyloft/entry-part/v1/${entryId}/${format}/${key}/${part}`);
}

export function sealEntryOverview(key: SymmetricDataKey, binding: EntryPartBinding, overview: EntryOverview): Promise<Sealed<'entry-overview'>> {
  if (binding.format === ITEM_ENTRY_FORMAT) return notAnItem();
  return sealPart(key, binding, 'overview', {
    title: overview.title,
    url: overview.url,
    username: overview.username,
    ...(overview.hasOneTimeCode === true ? { otp: true } : {}),
    ...(overview.health === undefined ? {} : { health: healthValue(overview.health) }),
  });
}

export function sealEntryDetails(key: SymmetricDataKey, binding: EntryPartBinding, details: EntryDetails): Promise<Sealed<'entry-details'>> {
  // A one-time code and a history are written only when there are some: details without them
  // stay the JSON they were before issue #23.
  const history = details.history ?? [];
  if (binding.format === ITEM_ENTRY_FORMAT) return notAnItem();
  return sealPart(key, binding, 'details', {
    password: details.password,
    notes: details.notes,
    ...(details.otp === undefined || details.otp === null ? {} : { otp: details.otp }),
    ...(history.length === 0 ? {} : { history: history.map(({ password, replacedAt }) => ({ password, replacedAt })) }),
  });
}

/** An entry's two parts in clear: what sealEntryParts seals and openEntryParts gives back. */
export interface EntryParts {
  readonly overview: EntryOverview;
  readonly details: EntryDetails;
}

/** An entry's two parts as opened. */
export interface OpenedEntryParts {
  readonly overview: EntryOverview;
  readonly details: OpenedEntryDetails;
}

/** An entry's two parts as stored. */
export interface SealedEntryParts {
  readonly overview: Sealed<'entry-overview'>;
  readonly details: Sealed<'entry-details'>;
}

/** Both parts of an entry sealed under one key and binding: what a save and a key rotation write. */
export function sealEntryParts(key: SymmetricDataKey, binding: EntryPartBinding, parts: EntryParts): Promise<SealedEntryParts> {
  return Promise.all([sealEntryOverview(key, binding, parts.overview), sealEntryDetails(key, binding, parts.details)]).then(([overview, details]) => ({
    overview,
    details,
  }));
}

/**
 * Both parts opened under one key and binding and sealed under another: a team-key rotation. The
 * health record's fingerprint is keyed by the data key (passwordHealth.ts), so it is taken again
 * under the new key; the rest of the record (strength, when the password was set) is kept.
 */
export async function resealEntryParts(
  from: { readonly key: SymmetricDataKey; readonly binding: EntryPartBinding },
  to: { readonly key: SymmetricDataKey; readonly binding: EntryPartBinding },
  sealed: SealedEntryParts,
): Promise<SealedEntryParts> {
  const { overview, details } = await openEntryParts(from.key, from.binding, sealed);
  const health = overview.health;
  const rekeyed =
    health === undefined || health.fingerprint === null
      ? overview
      : { ...overview, health: { ...health, fingerprint: await passwordFingerprint(to.key, details.password) } };
  return sealEntryParts(to.key, to.binding, { overview: rekeyed, details });
}

/** Both parts opened, as openEntryOverview and openEntryDetails; rejects with the first failure. */
export async function openEntryParts(key: SymmetricDataKey, binding: EntryPartBinding, sealed: SealedEntryParts): Promise<OpenedEntryParts> {
  const [overview, details] = await Promise.all([openEntryOverview(key, binding, sealed.overview), openEntryDetails(key, binding, sealed.details)]);
  return { overview, details };
}

/** DecryptionError for a wrong key or binding; InvalidCiphertextError for a part of the wrong shape. */
export function openEntryOverview(key: SymmetricDataKey, binding: EntryPartBinding, sealed: Sealed<'entry-overview'>): Promise<EntryOverview> {
  return openPart(key, binding, 'overview', sealed, binding.format === ITEM_ENTRY_FORMAT ? itemPart : readOverview);
}

/** An overview as the list opens it: format 2's (a login) or format 3's (an item of any kind, itemShapes.ts). */
export type AnyOverview = EntryOverview | ItemOverview;

/** One sealed overview of a batch, with the binding it must open under (its format picks the reader). */
export interface SealedOverview {
  readonly binding: EntryPartBinding;
  readonly sealed: Sealed<'entry-overview'>;
}

/**
 * Opens a batch of overviews on the calling thread (the main thread, or a decryption worker: see
 * decryptPool.ts). Each result is the overview or the error openEntryOverview gives for that item,
 * in the items' order; the promise itself rejects only for a key of the wrong kind. One `then` per
 * decryption and one promise for the batch: nothing else is spent per entry beside WebCrypto's call.
 */
export function openEntryOverviewsHere(key: SymmetricDataKey, items: readonly SealedOverview[]): Promise<Array<AnyOverview | Error>> {
  try {
    assertKeyKind(key, 'vault', 'team');
  } catch (error) {
    return Promise.reject(asError(error));
  }
  const results = new Array<AnyOverview | Error>(items.length);
  if (items.length === 0) return Promise.resolve(results);
  return new Promise((resolve) => {
    let left = items.length;
    const settle = (index: number, result: AnyOverview | Error) => {
      results[index] = result;
      left -= 1;
      if (left === 0) resolve(results);
    };
    items.forEach(({ binding, sealed }, index) => {
      let decrypting: Promise<ArrayBuffer>;
      try {
        decrypting = gcmDecryptStart(key.key, base64ToBytes(sealed), entryPartContext(binding, 'overview'));
      } catch (error) {
        settle(index, asError(error));
        return;
      }
      decrypting.then(
        (plain) => {
          let opened: AnyOverview | Error;
          try {
            const value = partValue(new Uint8Array(plain));
            opened = binding.format === ITEM_ENTRY_FORMAT ? readItemOverview(value) : readOverview(value);
          } catch (error) {
            opened = asError(error);
          }
          settle(index, opened);
        },
        (cause: unknown) => {
          settle(index, new DecryptionError({ cause }));
        },
      );
    });
  });
}

export function openEntryDetails(key: SymmetricDataKey, binding: EntryPartBinding, sealed: Sealed<'entry-details'>): Promise<OpenedEntryDetails> {
  return openPart(key, binding, 'details', sealed, binding.format === ITEM_ENTRY_FORMAT ? itemPart : readDetails);
}

function readDetails(value: Record<string, unknown>): OpenedEntryDetails {
  return { password: text(value, 'password'), notes: textOrNull(value, 'notes'), otp: textOrNull(value, 'otp'), history: readHistory(value.history) };
}

function readHistory(value: unknown): ReplacedPassword[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new InvalidCiphertextError('The sealed entry part has a history that is not a list.');
  return value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) throw new InvalidCiphertextError('The sealed entry part has a history item of the wrong shape.');
    const { password, replacedAt } = item as Record<string, unknown>;
    if (typeof password !== 'string' || typeof replacedAt !== 'number' || !Number.isFinite(replacedAt)) {
      throw new InvalidCiphertextError('The sealed entry part has a history item of the wrong shape.');
    }
    return { password, replacedAt };
  });
}

// One promise step per part, as openPart, and no buffer of its own for the plaintext, the
// additional data or the sealed form: an import seals two parts for each of thousands of entries
// (issue #20's bench).
export function sealPart<T extends EntryPart>(
  key: SymmetricDataKey,
  binding: EntryPartBinding,
  part: T,
  value: Record<string, unknown>,
): Promise<Sealed<PartPurposes[T]>> {
  try {
    assertKeyKind(key, 'vault', 'team');
    return gcmSealTextThen(
      key.key,
      JSON.stringify(value),
      entryPartContext(binding, part),
      (iv, body) => sealedAs<PartPurposes[T]>(concatToBase64(iv, body)),
      pooledIv(),
    );
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

// A promise chain of one step rather than async functions: see gcmOpenThen. Every error still rejects.
export function openPart<P extends EntryPart, T>(
  key: SymmetricDataKey,
  binding: EntryPartBinding,
  part: P,
  sealed: Sealed<PartPurposes[P]>,
  read: (value: Record<string, unknown>) => T,
): Promise<T> {
  try {
    assertKeyKind(key, 'vault', 'team');
    return gcmOpenThen(key.key, base64ToBytes(sealed), entryPartContext(binding, part), (plain) => read(partValue(plain)));
  } catch (error) {
    return Promise.reject(asError(error));
  }
}

function readOverview(value: Record<string, unknown>): EntryOverview {
  // One literal, the optional fields set after, no spreads: every entry of a vault's load passes here.
  const overview: { -readonly [K in keyof EntryOverview]: EntryOverview[K] } = { title: text(value, 'title'), url: textOrNull(value, 'url'), username: text(value, 'username') };
  if (value.otp !== undefined) {
    if (value.otp !== true) throw new InvalidCiphertextError('The sealed entry part has an otp mark that is not true.');
    overview.hasOneTimeCode = true;
  }
  if (value.health !== undefined) overview.health = readHealth(value.health);
  return overview;
}

// Format 3's parts are items (itemParts.ts): format 2's readers and writers would misread them.
// Opening decrypts first, so a part moved from format 2 still fails its tag check (DecryptionError).
const ITEM_MESSAGE = 'A format-3 entry is an item: seal and open it with itemParts.ts.';
function notAnItem(): Promise<never> {
  return Promise.reject(new CryptoError(ITEM_MESSAGE));
}
function itemPart(): never {
  throw new CryptoError(ITEM_MESSAGE);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

export function partValue(plain: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8Decode(plain));
  } catch (cause) {
    if (cause instanceof InvalidCiphertextError) throw cause;
    throw new InvalidCiphertextError('The sealed entry part is not well formed.', { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidCiphertextError('The sealed entry part is not well formed.');
  return value as Record<string, unknown>;
}

function text(value: Record<string, unknown>, field: string): string {
  const found = value[field];
  if (typeof found !== 'string') throw new InvalidCiphertextError(`The sealed entry part has no ${field}.`);
  return found;
}

function textOrNull(value: Record<string, unknown>, field: string): string | null {
  const found = value[field];
  if (found === null || found === undefined) return null;
  if (typeof found !== 'string') throw new InvalidCiphertextError(`The sealed entry part has a ${field} that is not text.`);
  return found;
}
