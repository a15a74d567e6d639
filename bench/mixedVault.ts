// Issue #44's Bench: "opening a 10,000-item vault of mixed kinds stays within the sealed-vault
// figures". Items of the five kinds in equal numbers (logins with two URLs and a custom field,
// notes, cards, identities, SSH keys), made through the app's own saveItem and listed with
// loadItems (one decryption of each item's overview), against the same floor and target as the
// sealed 10,000-entry load in vault.ts: 2 × size bare AES-GCM decryptions, measured in the same run.
import type { Item } from '../src/features/vault/items/kinds';
import { loadItems, saveItem } from '../src/features/vault/vaultService';
import { EVERY_KIND } from '../tests/support/itemFixtures';
import { compare, row, target } from './measure';
import { bareDecryptAll, benchVaultDeps, LOAD_RUNS, LOAD_TARGET, rawCiphertexts } from './vault';

/** The i-th item: the fixture of kind i mod 5, with its own title (the list sorts and searches by it). */
function nthItem(i: number): Item {
  const template = EVERY_KIND[i % EVERY_KIND.length] as Item;
  return { ...template, title: `${template.kind} ${String(i).padStart(5, '0')}` };
}

export async function mixedVaultBench(size: number): Promise<string[]> {
  const deps = await benchVaultDeps();
  for (let i = 0; i < size; i += 1) await saveItem(deps, nthItem(i), { groupId: null });
  const listed = await loadItems(deps);
  const kinds = new Set(listed.map(({ overview }) => overview?.kind));
  if (listed.length !== size || kinds.size !== EVERY_KIND.length) throw new Error(`The mixed vault listed ${String(listed.length)} items of ${String(kinds.size)} kinds`);

  const rawKey = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const raw = await rawCiphertexts(rawKey, size * 2);
  const load = await compare(
    LOAD_RUNS,
    () => loadItems(deps),
    () => bareDecryptAll(rawKey, raw),
  );
  return [`${row(`load ${size.toLocaleString('en-US')} items of 5 kinds (vs ${(size * 2).toLocaleString('en-US')} decrypts)`, load)}   ${target(load, LOAD_TARGET)}`];
}
