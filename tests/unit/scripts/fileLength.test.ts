import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SOURCE_LINES, describeOverLimit, isSourceFile, lineCount, overLimit, readSourceFiles } from '../../../scripts/lib/fileLength.mjs';

// Issue #42 item 4: no source file of src/ or functions/src/ over 350 lines, checked by `npm test`.

const lines = (count: number) => 'x\n'.repeat(count);

describe('the source file length check', () => {
  it('counts lines as wc -l does, and a last line without a newline as one more', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
    expect(lineCount(lines(351))).toBe(351);
  });

  it('takes TypeScript sources only', () => {
    for (const path of ['a.ts', 'A.tsx', 'a.d.ts', 'a.mts', 'a.cts']) expect(isSourceFile(path)).toBe(true);
    for (const path of ['a.js', 'a.mjs', 'a.css', 'a.md', 'a.ts.snap', 'ts']) expect(isSourceFile(path)).toBe(false);
  });

  it('names each file over the limit, longest first, and lets one at the limit pass', () => {
    const over = overLimit([
      { path: 'src/atLimit.ts', text: lines(MAX_SOURCE_LINES) },
      { path: 'src/a.ts', text: lines(MAX_SOURCE_LINES + 1) },
      { path: 'functions/src/b.ts', text: lines(376) },
      { path: 'src/short.tsx', text: lines(3) },
    ]);
    expect(over).toEqual([
      { path: 'functions/src/b.ts', lines: 376 },
      { path: 'src/a.ts', lines: 351 },
    ]);
    expect(describeOverLimit(over)).toEqual([
      'functions/src/b.ts: 376 lines (at most 350; split it along a real seam)',
      'src/a.ts: 351 lines (at most 350; split it along a real seam)',
    ]);
    expect(overLimit([{ path: 'src/a.ts', text: lines(11) }], 10)).toEqual([{ path: 'src/a.ts', lines: 11 }]);
  });

  it('reads the sources under every root that exists, and none elsewhere or in installed packages', () => {
    const base = mkdtempSync(join(tmpdir(), 'keyloft-length-'));
    const put = (path: string, text = 'x\n') => {
      mkdirSync(dirname(join(base, path)), { recursive: true });
      writeFileSync(join(base, path), text);
    };
    put('src/features/a.tsx');
    put('functions/src/lib/b.ts');
    put('extension/popup/c.ts');
    put('extension/node_modules/pkg/d.ts');
    put('src/styles.css');
    put('tests/e.ts');
    put('functions/lib/index.ts');
    const found = readSourceFiles(base).map(({ path }) => path).sort();
    expect(found).toEqual(['extension/popup/c.ts', 'functions/src/lib/b.ts', 'src/features/a.tsx']);
    expect(readSourceFiles(base, ['src', 'nowhere']).map(({ path }) => path)).toEqual(['src/features/a.tsx']);
  });
});
