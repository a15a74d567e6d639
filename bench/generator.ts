// The password generator against the bare randomness it needs: one getRandomValues call per
// character (what a per-character generator with no rejection and no type check would cost).
// Not wired into run.ts here; add `generatorBench()` there to report it with the rest.
import { DEFAULT_OPTIONS, generatePassword, quickGenerate } from '../src/features/vault/generator/generate';
import { compare, row } from './measure';

function floor(passwords: number, length: number): Promise<void> {
  for (let i = 0; i < passwords * length; i += 1) globalThis.crypto.getRandomValues(new Uint32Array(1));
  return Promise.resolve();
}

export async function generatorBench(passwords = 2_000): Promise<string[]> {
  const lines: string[] = [];
  const cases = [
    { label: 'defaults (16)', options: DEFAULT_OPTIONS, count: passwords },
    { label: 'defaults (50)', options: { ...DEFAULT_OPTIONS, length: 50 }, count: passwords },
    // About 1 candidate in 440 is kept here, so expect a ratio near 440.
    {
      label: 'all five types, length 5 (worst case)',
      options: { ...DEFAULT_OPTIONS, length: 5, includeSpaces: true },
      count: Math.ceil(passwords / 20),
    },
  ];
  for (const { label, options, count } of cases) {
    const result = await compare(
      7,
      () => {
        for (let i = 0; i < count; i += 1) generatePassword(options);
        return Promise.resolve();
      },
      () => floor(count, options.length),
    );
    lines.push(row(`generatePassword ×${count}, ${label}`, result));
  }
  const quick = await compare(
    7,
    () => {
      for (let i = 0; i < passwords; i += 1) quickGenerate();
      return Promise.resolve();
    },
    () => floor(passwords, 16),
  );
  lines.push(row(`quickGenerate ×${passwords}`, quick));
  return lines;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const line of await generatorBench()) console.log(line);
}
