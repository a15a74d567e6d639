// The longest a source file may grow (issue #42): past it, a module is split along a real seam
// rather than grown. `npm test` runs the check (scripts/check-file-length.mjs) over the product's
// source: the app, the functions and, once it exists, the extension.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const MAX_SOURCE_LINES = 350;
export const SOURCE_ROOTS = ['src', 'functions/src', 'extension'];

const SOURCE_FILE = /\.[cm]?tsx?$/;
// Installed code below a root (an extension with packages of its own) is not ours to split.
const SKIPPED_FOLDERS = new Set(['node_modules']);

/** Lines as `wc -l` counts them for a file that ends with a newline; a last line without one counts too. */
export function lineCount(text) {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** Whether `path` is TypeScript source (ts, tsx, and their module variants; declarations included). */
export function isSourceFile(path) {
  return SOURCE_FILE.test(path);
}

/** The files of `files` longer than `max` lines, longest first. */
export function overLimit(files, max = MAX_SOURCE_LINES) {
  return files
    .map(({ path, text }) => ({ path, lines: lineCount(text) }))
    .filter(({ lines }) => lines > max)
    .sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path));
}

/** One line per file over the limit, naming it, for the check's failure. */
export function describeOverLimit(over, max = MAX_SOURCE_LINES) {
  return over.map(({ path, lines }) => `${path}: ${lines} lines (at most ${max}; split it along a real seam)`);
}

/** Every source file under the roots of `base` that exist, with its text; paths relative to `base`, with "/". */
export function readSourceFiles(base, roots = SOURCE_ROOTS) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile() && isSourceFile(entry.name)) {
        found.push({ path: relative(base, path).split(sep).join('/'), text: readFileSync(path, 'utf8') });
      }
    }
  };
  for (const root of roots) {
    if (existsSync(join(base, root))) walk(join(base, root));
  }
  return found;
}
