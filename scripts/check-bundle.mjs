// Checks the production build (dist/) made by `npm run build`:
// - no test double (the in-memory repositories of tests/doubles/ are for the component tier only);
// - the landing page's own JavaScript carries no Firebase SDK (it loads lazily, on sign-in);
// - the landing page's JavaScript is within its gzip budget (a size is deterministic, so it is
//   checked here rather than left to the bench's OVER line, which went unread once).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANDING_BUDGET_KB, landingKb } from './lib/landingBundle.mjs';

const dist = process.argv[2] ?? 'dist';
const TEST_DOUBLE_MARKERS = ['keyloft:in-memory-repositories'];
const FIREBASE_MARKER = 'FirebaseError';

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const failures = [];
for (const file of filesUnder(dist).filter((name) => /\.(js|html|css)$/.test(name))) {
  const text = readFileSync(file, 'utf8');
  for (const marker of TEST_DOUBLE_MARKERS) {
    if (text.includes(marker)) failures.push(`${file} contains a test double ("${marker}")`);
  }
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) failures.push('the manifest names no entry chunk');
const landing = new Set();
const visit = (key) => {
  if (landing.has(key)) return;
  landing.add(key);
  for (const next of manifest[key].imports ?? []) visit(next);
};
if (entryKey) visit(entryKey);
for (const key of landing) {
  const file = join(dist, manifest[key].file);
  if (readFileSync(file, 'utf8').includes(FIREBASE_MARKER)) {
    failures.push(`${file} is loaded by the landing page and contains the Firebase SDK`);
  }
}

const landingSize = landingKb(dist);
if (landingSize > LANDING_BUDGET_KB) {
  failures.push(`the landing page's JavaScript is ${landingSize.toFixed(1)} KB gzip, over its budget of ${LANDING_BUDGET_KB} KB`);
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`bundle check: ${failure}`);
  process.exit(1);
}
console.log(
  `bundle check: ${dist} has no test double; the landing page's ${landing.size} chunk(s) carry no Firebase and weigh ${landingSize.toFixed(1)} KB gzip (budget ${LANDING_BUDGET_KB} KB)`,
);
