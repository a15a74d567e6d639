// Only src/crypto makes a Sealed value or a Binding (docs/architecture.md, "The ciphertext type"):
// the types forbid clear text in a sealed field, and the linter forbids asserting one's way past them.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

const HEADER = "import type { Binding, Sealed } from '../../crypto';\n";

describe('a Sealed value or a Binding is made only in src/crypto', () => {
  it.each([
    ['src/features/vault/probe.ts', `${HEADER}export const x = 'Bank' as Sealed<'entry-overview'>;`],
    ['src/data/vault/probe.ts', `${HEADER}export const x = 'keyloft/entry/v1/e/password' as Binding<'entry-field'>;`],
    ['src/features/teams/probe.ts', `${HEADER}export const x = <Sealed<'known-key'>>'x';`],
  ])('%s may not assert one: %s', async (file, code) => {
    expect((await messages(file, code)).some((m) => m.startsWith('no-restricted-syntax') && m.includes('asStoredCiphertext'))).toBe(true);
  });

  it('src/crypto may, and anyone may name the types', async () => {
    expect(await messages('src/crypto/probe.ts', "import type { Sealed } from './sealed';\nexport const x = 'AAAA' as Sealed<'entry-field'>;")).toEqual([]);
    expect(await messages('src/features/vault/probe.ts', `${HEADER}export type X = Sealed<'entry-field'> | Binding<'entry-field'>;`)).toEqual([]);
  });
});
