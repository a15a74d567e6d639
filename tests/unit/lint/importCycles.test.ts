import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue #42 item 3: the import graph's check (.dependency-cruiser.mjs, run by `npm run lint` and
// `npm test`) fires on a circle, type-only and dynamic imports included, and stays quiet on
// imports one way and on code outside the product's source.

const FIXTURE: Record<string, string> = {
  'src/crypto/typeA.ts': "import type { B } from './typeB';\nexport interface A { readonly b?: B }\n",
  'src/crypto/typeB.ts': "import type { A } from './typeA';\nexport interface B { readonly a?: A }\n",
  'src/data/loader.ts': "export const load = () => import('./built');\nexport const name = 'loader';\n",
  'src/data/built.ts': "import { name } from './loader';\nexport const built = name;\n",
  'functions/src/owner.ts': 'export interface Owned { readonly id: string }\n',
  'functions/src/user.ts': "import type { Owned } from './owner';\nexport const id = (owned: Owned) => owned.id;\n",
  'tests/x.ts': "import { y } from './y';\nexport const x = y;\n",
  'tests/y.ts': "import { x } from './x';\nexport const y = x;\n",
};

let result: ICruiseResult;

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'keyloft-cycles-'));
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  const configUrl = pathToFileURL(join(import.meta.dirname, '../../../.dependency-cruiser.mjs')).href;
  const { default: config } = (await import(configUrl)) as { default: IConfiguration };
  // The fixture has no tsconfig.json; everything else is the project's configuration.
  const { tsConfig: _unused, ...options } = config.options ?? {};
  const reported = await cruise(['.'], { ...options, baseDir: base, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } });
  result = reported.output as ICruiseResult;
}, 60_000);

/** Each circle reported, as the two modules of its first step (it is reported once, from either end). */
const circles = () =>
  result.summary.violations
    .filter((violation) => violation.rule.name === 'no-circular')
    .map((violation) => [violation.from, violation.to].sort().join(' <-> '))
    .sort();

describe('the import cycle check', () => {
  it('finds a circle of type-only imports, and one through a dynamic import()', () => {
    expect(circles()).toEqual(['src/crypto/typeA.ts <-> src/crypto/typeB.ts', 'src/data/built.ts <-> src/data/loader.ts']);
    expect(result.summary.error).toBe(2);
  });

  it('leaves imports one way alone, and looks only at src/, functions/src/ and extension/', () => {
    const modules = result.modules.map((module) => module.source);
    expect(modules).toContain('functions/src/user.ts');
    expect(modules.filter((source) => source.startsWith('tests/'))).toEqual([]);
    expect(circles().filter((circle) => circle.includes('functions/'))).toEqual([]);
  });
});
