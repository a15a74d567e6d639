// A 10,000-entry personal vault in the sealed format (issue #18), made through the app's own
// savePassword: loading it (list + open every overview) against the floor of 20,000 bare AES-GCM
// decryptions measured in the same run (the issue's floor: two per entry, what format 1 cost);
// showing one entry's password once the list is open, against one bare decryption; and one search
// keystroke over it.
import { cpus, loadavg } from 'node:os';
import { createAccountKeys, entryPartContext, SEALED_ENTRY_FORMAT } from '../src/crypto';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../tests/doubles/memoryVaultRepositories';
import { buildSearchIndex, filterEntries } from '../src/features/vault/list/filterEntries';
import { loadEntries, savePassword, type PersonalVaultDeps } from '../src/features/vault/personalVault';
import { openDetails } from '../src/features/vault/vaultService';
import type { PasswordEntry } from '../src/features/vault/model';
import { compare, median, paired, row, target } from './measure';

const subtle = globalThis.crypto.subtle;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Targets of issue #18's Bench section, as ratios to the floor. */
export const LOAD_TARGET = 0.55;
const DETAILS_TARGET = 2;
/**
 * Timed loads of each side, in pairs (measure.ts): one load is under a second, and with other work
 * on this machine's two cores five loads each read 0.64 where quiet runs read 0.46-0.54 (issue #42).
 * Single pairs of one quiet process spread from 0.39 to 0.77, so a median of 15 still moved from
 * 0.44 to 0.58 between processes; 31 pairs hold it within a few hundredths.
 */
export const LOAD_RUNS = 31;
/** Repetitions of the details figure: single calls are tens of microseconds, so a median of many. */
const DETAILS_RUNS = 2_000;

export interface RawCiphertext {
  readonly iv: Uint8Array<ArrayBuffer>;
  readonly additionalData: Uint8Array<ArrayBuffer>;
  readonly body: ArrayBuffer;
}

export async function rawCiphertexts(key: CryptoKey, count: number): Promise<RawCiphertext[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const additionalData = encoder.encode(
        entryPartContext({ entryId: `entry-${i >> 1}`, keyVersion: null, format: SEALED_ENTRY_FORMAT }, i % 2 === 0 ? 'overview' : 'details'),
      );
      const body = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, encoder.encode(`value-${i}-${'x'.repeat(40)}`));
      return { iv, additionalData, body };
    }),
  );
}

export const bareDecrypt = async (key: CryptoKey, { iv, additionalData, body }: RawCiphertext) =>
  decoder.decode(await subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, key, body));

/** An empty personal vault of sealed entries over the in-memory repositories, with a fresh account's key. */
export async function benchVaultDeps(): Promise<PersonalVaultDeps> {
  const { vaultKey } = await createAccountKeys('bench master password');
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'bench', now: () => Date.now(), sealedFormat: true };
}

/** The load's floor: every raw ciphertext decrypted bare, 500 at a time. */
export async function bareDecryptAll(key: CryptoKey, raw: readonly RawCiphertext[]): Promise<void> {
  for (let start = 0; start < raw.length; start += 500) {
    await Promise.all(raw.slice(start, start + 500).map((ciphertext) => bareDecrypt(key, ciphertext)));
  }
}

export async function vaultBench(size: number): Promise<string[]> {
  const deps = await benchVaultDeps();
  for (let i = 0; i < size; i += 1) {
    await savePassword(deps, {
      title: `Entry ${String(i).padStart(5, '0')} ${i % 7 === 0 ? 'bank' : 'site'}`,
      url: `https://site-${i}.example.com`,
      notes: null,
      username: `user${i}@example.com`,
      password: `pw-${i}-${'x'.repeat(12)}`,
      groupId: null,
    });
  }

  // The floor: 2 × size AES-256-GCM decryptions with additional data, on raw bytes, 500 at a time.
  const rawKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const raw = await rawCiphertexts(rawKey, size * 2);
  const load = await compare(
    LOAD_RUNS,
    () => loadEntries(deps),
    () => bareDecryptAll(rawKey, raw),
  );

  const entries = await loadEntries(deps);

  // One password shown once the list is open: openDetails of an entry not opened before (each
  // repetition a distinct entry, so the cache never answers), against one bare decryption.
  const details = await detailsFigure(deps, entries, rawKey, raw);

  const started = performance.now();
  buildSearchIndex(entries);
  const indexMs = performance.now() - started;
  const keystrokes = ['b', 'ba', 'ban', 'bank', 'entry 0999', 'site-4242', 'user77'];
  const times = keystrokes.map((query) => {
    const start = performance.now();
    filterEntries(entries, query);
    return performance.now() - start;
  });
  const worst = Math.max(...times);

  return [
    `${row(`load ${size.toLocaleString('en-US')}-entry vault (sealed, vs ${(size * 2).toLocaleString('en-US')} decrypts)`, load)}   ${target(load, LOAD_TARGET)}`,
    // Context, not a target: the load is within its target by opening overviews on two cores (the
    // main thread and the pool's worker, as in a browser); with no core free, its wall time is the
    // machine's. The CPU time of the same pairs (on the line above) says what each side costs.
    `${'  (the load needs a second core free)'.padEnd(46)} load average (1 min) ${loadavg()[0]?.toFixed(1) ?? '?'} on ${String(cpus().length)} cores`,
    `${row('show one password after the list is open', details, 'µs')}   ${target(details, DETAILS_TARGET)}`,
    `${'search keystroke over the vault'.padEnd(46)} median ${median(times).toFixed(2)} ms   worst ${worst.toFixed(2)} ms   (index built once: ${indexMs.toFixed(1)} ms)`,
  ];
}

async function detailsFigure(deps: PersonalVaultDeps, entries: readonly PasswordEntry[], rawKey: CryptoKey, raw: readonly RawCiphertext[]) {
  const runs = Math.min(DETAILS_RUNS, entries.length, raw.length);
  const ours: number[] = [];
  const floor: number[] = [];
  // Alternated call by call, each side first in turn, so drift in the machine's speed touches both
  // sides alike; the first tenth warms up.
  for (let i = 0; i < runs; i += 1) {
    const ciphertext = raw[i] as RawCiphertext;
    const entry = entries[i] as PasswordEntry;
    const floorSide = async () => {
      const start = performance.now();
      await bareDecrypt(rawKey, ciphertext);
      return (performance.now() - start) * 1000;
    };
    const oursSide = async () => {
      const start = performance.now();
      const shown = await openDetails(deps, entry);
      return { us: (performance.now() - start) * 1000, shown };
    };
    const floorBefore = i % 2 === 0 ? await floorSide() : null;
    const { us: oursUs, shown: opened } = await oursSide();
    const floorUs = floorBefore ?? (await floorSide());
    if (opened.password === '') throw new Error(`Entry ${entry.id} opened no password`);
    if (i >= runs / 10) {
      floor.push(floorUs);
      ours.push(oursUs);
    }
  }
  return paired(ours, floor);
}
