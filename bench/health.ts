// Issue #23's Bench: the health report over N sealed entries (each entry's details opened, every
// password judged by the strength estimator, the reuse check) against the floor of N bare AES-GCM
// decryptions of the same details plus the estimator's own time on the same passwords, measured
// in the same run. Also checks what passwordStrength.ts claims of its l33t setting: no score here
// differs from zxcvbn's default.
import { createAccountKeys, entryPartContext, sealEntryParts, SEALED_ENTRY_FORMAT, type VaultKey } from '../src/crypto';
import { L33T_MAX_SUBSTITUTIONS, loadStrengthEstimator } from '../src/features/auth/passwordStrength';
import { createDetailsCache } from '../src/features/vault/detailsCache';
import type { EstimateStrength } from '../src/features/vault/health/healthReport';
import { healthScopeOf } from '../src/features/vault/health/entryHealth';
import { scanHealth } from '../src/features/vault/health/scanHealth';
import type { PasswordEntry } from '../src/features/vault/model';
import { openDetails, type PersonalVaultDeps } from '../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../tests/doubles/memoryVaultRepositories';
import { compare, row, target } from './measure';

const HEALTH_TARGET = 2;
const RUNS = 1;
const CHUNK = 500;
const NOW = Date.UTC(2026, 10, 27);
const subtle = globalThis.crypto.subtle;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A vault's passwords: mostly generated, some made of words, some weak, some reused. */
function passwordOf(i: number): string {
  switch (i % 10) {
    case 0:
      return `Summer${2000 + (i % 30)}!`;
    case 1:
      return `correct-horse-${i}-battery`;
    case 2:
      return 'shared password 42';
    default:
      return `aZ3$kL9!qW${(i * 7919).toString(36)}R`;
  }
}

const entryId = (i: number) => `health${String(i).padStart(14, '0')}`;

async function sealedVault(vaultKey: VaultKey, size: number): Promise<PasswordEntry[]> {
  const entries: PasswordEntry[] = [];
  for (let start = 0; start < size; start += CHUNK) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CHUNK, size - start) }, async (_, offset) => {
        const i = start + offset;
        const parts = await sealEntryParts(vaultKey, { entryId: entryId(i), keyVersion: null, format: SEALED_ENTRY_FORMAT }, {
          overview: { title: `Site ${i}`, url: `https://site-${i}.example.com`, username: `user${i}@example.com` },
          details: { password: passwordOf(i), notes: i % 4 === 0 ? `Account ${i}` : null },
        });
        const entry: PasswordEntry = {
          id: entryId(i),
          title: `Site ${i}`,
          url: `https://site-${i}.example.com`,
          notes: null,
          username: `user${i}@example.com`,
          password: '',
          groupId: null,
          createdAt: NOW - (i % 3 === 0 ? 400 : 30) * 86_400_000,
          updatedAt: NOW,
          revision: 1,
          undecryptable: false,
          sealed: true,
          sealedDetails: { sealed: parts.details, keyVersion: null },
        };
        return entry;
      }),
    );
    entries.push(...batch);
  }
  return entries;
}

export async function healthBench(size: number): Promise<string[]> {
  const { vaultKey } = await createAccountKeys('bench master password');
  const entries = await sealedVault(vaultKey, size);
  const strength = await loadStrengthEstimator();
  const estimate: EstimateStrength = (password, inputs) => strength(password, inputs).score;
  const deps = (): PersonalVaultDeps => ({
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    vaultKey,
    userId: 'bench',
    now: () => NOW,
    // Fresh each run: every details part is opened again.
    details: createDetailsCache(),
  });

  const ours = async () => {
    const vault = deps();
    const report = await scanHealth(entries, (entry) => openDetails(vault, entry), { loadEstimate: () => Promise.resolve(estimate), scope: healthScopeOf(vault), now: NOW });
    if (report.checked !== size) throw new Error(`checked ${report.checked} of ${size}`);
  };

  // The floor: the details' bytes and additional data made beforehand; the decryptions, then the
  // estimator on each password with the same words, are timed.
  // The vault key is not extractable: the floor decrypts with the same CryptoKey, bare.
  const rawKey = vaultKey.key;
  const sealed = entries.map((entry) => {
    const bytes = Uint8Array.from(atob(entry.sealedDetails?.sealed ?? ''), (c) => c.charCodeAt(0));
    const additionalData = encoder.encode(entryPartContext({ entryId: entry.id, keyVersion: null, format: SEALED_ENTRY_FORMAT }, 'details'));
    return { iv: bytes.subarray(0, 12), data: bytes.subarray(12), additionalData, words: [entry.title, entry.username] };
  });
  const floor = async () => {
    const passwords: string[] = [];
    for (let start = 0; start < sealed.length; start += CHUNK) {
      const plain = await Promise.all(
        sealed.slice(start, start + CHUNK).map(({ iv, data, additionalData }) => subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, rawKey, data)),
      );
      for (const bytes of plain) passwords.push((JSON.parse(decoder.decode(bytes)) as { password: string }).password);
    }
    passwords.forEach((password, i) => estimate(password, sealed[i]?.words ?? []));
  };

  const figure = await compare(RUNS, ours, floor);
  const label = `health report ${size.toLocaleString('en-US')} entries (vs decrypts + estimates)`;
  return [`${row(label, figure)}   ${target(figure, HEALTH_TARGET)}`, await l33tCheck()];
}

/** The passwords above judged with zxcvbn's default l33t setting and with ours: how many scores differ. */
async function l33tCheck(): Promise<string> {
  const [core, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
  const options = { dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations };
  const byDefault = new core.ZxcvbnFactory(options);
  const ours = new core.ZxcvbnFactory({ ...options, l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS });
  const l33t = ['p@ssw0rd', 'p@ssw0rd1', 'P@$$w0rd!', 'P@$$w0rd!2024', 'l3tm31n!', 'h4xx0r$4ever', 'Tr0ub4dor&3', '5up3rm@n', 'dr@g0n!!', 'm0nk3y123'];
  const sample = [...Array.from({ length: 200 }, (_, i) => passwordOf(i)), ...l33t, 'qw3rty!@#', 'f00tb@ll', 'sh@d0w12', '1l0v3y0u', 'b@$3b@11', 'w3lc0m3!', 'adm1n1str@t0r', 'Summ3r2024!', 'W1nt3r#2023', 'c0mput3r'];
  const differing = sample.filter((password) => byDefault.check(password).score !== ours.check(password).score);
  return `strength scores with l33tMaxSubstitutions ${L33T_MAX_SUBSTITUTIONS} vs default: ${differing.length} of ${sample.length} differ${differing.length === 0 ? '' : `: ${differing.join(', ')}   OVER`}`;
}
