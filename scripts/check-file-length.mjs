// Fails when a source file of src/, functions/src/ or extension/ is longer than MAX_SOURCE_LINES
// (scripts/lib/fileLength.mjs), naming each one. Run by `npm test`; `node scripts/check-file-length.mjs`
// alone checks the same.
import { existsSync } from 'node:fs';
import { MAX_SOURCE_LINES, SOURCE_ROOTS, describeOverLimit, overLimit, readSourceFiles } from './lib/fileLength.mjs';

const files = readSourceFiles(process.cwd());
const over = overLimit(files);
if (over.length > 0) {
  console.error(`Source files over ${MAX_SOURCE_LINES} lines:`);
  for (const line of describeOverLimit(over)) console.error(`  ${line}`);
  process.exit(1);
}
const roots = SOURCE_ROOTS.filter((root) => existsSync(root)).map((root) => `${root}/`);
console.log(`${files.length} source files in ${roots.join(', ')}: none over ${MAX_SOURCE_LINES} lines.`);
