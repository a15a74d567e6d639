// Checks the production build (dist/) made by `npm run build`:
// - no test double (the in-memory repositories of tests/doubles/ are for the component tier only);
// - the landing page's own JavaScript carries no Firebase SDK (it loads lazily, on sign-in);
// - the landing page's JavaScript is within its gzip budget (a size is deterministic, so it is
//   checked here rather than left to the bench's OVER line, which went unread once);
// - the import and export code (parsers, zip and XML libraries, export writers) is loaded only when
//   its dialog opens: no chunk the landing page or the dashboard loads up front carries it (issue #20);
// - the icon library (Lucide, through src/ui/icons.tsx) is in the build but not in the landing
//   page's chunks: the landing page imports no icon, and its budget has no room for one (issue #21).
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
/** The chunks `key` loads up front: itself and its static imports, transitively. */
function upFront(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) upFront(next, seen);
  return seen;
}
const landing = entryKey ? upFront(entryKey) : new Set();
for (const key of landing) {
  const file = join(dist, manifest[key].file);
  if (readFileSync(file, 'utf8').includes(FIREBASE_MARKER)) {
    failures.push(`${file} is loaded by the landing page and contains the Firebase SDK`);
  }
}

// A text only the import dialog shows, and the name of the dashboard's own module.
const IMPORT_MARKER = 'File to import';
const dashboardKey = Object.keys(manifest).find((key) => key.endsWith('app/dashboard/DashboardPage.tsx'));
if (!dashboardKey) failures.push('the manifest names no dashboard chunk');
const importChunks = Object.values(manifest).filter((chunk) => readFileSync(join(dist, chunk.file), 'utf8').includes(IMPORT_MARKER));
if (importChunks.length === 0) failures.push(`no chunk carries the import dialog ("${IMPORT_MARKER}")`);
for (const key of new Set([...landing, ...(dashboardKey ? upFront(dashboardKey) : [])])) {
  if (readFileSync(join(dist, manifest[key].file), 'utf8').includes(IMPORT_MARKER)) {
    failures.push(`${manifest[key].file} is loaded up front by the landing page or the dashboard and carries the import code`);
  }
}

// Lucide's icons carry the class "lucide" (and "lucide-<name>"); no other code of ours says it.
const ICON_MARKER = 'lucide';
const iconChunks = Object.values(manifest).filter((chunk) => readFileSync(join(dist, chunk.file), 'utf8').includes(ICON_MARKER));
if (iconChunks.length === 0) failures.push(`no chunk carries the icon library ("${ICON_MARKER}")`);
for (const key of landing) {
  if (readFileSync(join(dist, manifest[key].file), 'utf8').includes(ICON_MARKER)) {
    failures.push(`${manifest[key].file} is loaded by the landing page and carries the icon library`);
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
  `bundle check: ${dist} has no test double; the landing page's ${landing.size} chunk(s) carry no Firebase and weigh ${landingSize.toFixed(1)} KB gzip (budget ${LANDING_BUDGET_KB} KB) and no icon; the import code loads only with its dialog`,
);
