// A 10,000-entry personal vault: loading it (list + decrypt every username and password) against
// the bare AES-GCM decryptions of the same ciphertexts, and one search keystroke over it.
import { createAccountKeys, entryFieldContext } from '../src/crypto';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../tests/doubles/memoryVaultRepositories';
import { buildSearchIndex, filterEntries } from '../src/features/vault/list/filterEntries';
import { loadEntries, savePassword, type PersonalVaultDeps } from '../src/features/vault/personalVault';
import { compare, row } from './measure';

const subtle = globalThis.crypto.subtle;
const encoder = new TextEncoder();

export async function vaultBench(size: number): Promise<string[]> {
  const { vaultKey } = await createAccountKeys('bench master password');
  const deps: PersonalVaultDeps = {
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    vaultKey,
    userId: 'bench',
    now: () => Date.now(),
  };
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

  // The floor: the same number of AES-256-GCM decryptions with additional data, on raw bytes.
  const rawKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const raw = await Promise.all(
    Array.from({ length: size * 2 }, async (_, i) => {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const additionalData = encoder.encode(entryFieldContext(`entry-${i >> 1}`, i % 2 === 0 ? 'username' : 'password'));
      return { iv, additionalData, body: await subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, rawKey, encoder.encode(`value-${i}`)) };
    }),
  );
  const decoder = new TextDecoder();
  const load = await compare(
    3,
    () => loadEntries(deps),
    async () => {
      for (let start = 0; start < raw.length; start += 500) {
        await Promise.all(
          raw.slice(start, start + 500).map(async ({ iv, additionalData, body }) =>
            decoder.decode(await subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, rawKey, body)),
          ),
        );
      }
    },
  );

  const entries = await loadEntries(deps);
  const started = performance.now();
  buildSearchIndex(entries);
  const indexMs = performance.now() - started;
  const keystrokes = ['b', 'ba', 'ban', 'bank', 'entry 0999', 'site-4242', 'user77'];
  const times = keystrokes.map((query) => {
    const start = performance.now();
    filterEntries(entries, query);
    return performance.now() - start;
  });
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  const worst = times.at(-1) ?? Number.NaN;

  return [
    row(`load ${size.toLocaleString('en-US')}-entry vault (decrypt all)`, load),
    `${'search keystroke over the vault'.padEnd(46)} median ${median.toFixed(2)} ms   worst ${worst.toFixed(2)} ms   (index built once: ${indexMs.toFixed(1)} ms)`,
  ];
}
