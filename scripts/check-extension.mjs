// Checks the built extension (extension/dist/, made by `npm run build:extension`), run by
// `npm test` after building it:
// - the manifest asks for exactly the permissions docs/extension.md names and justifies, in its
//   "Permissions" table, and for no host access at all (no host_permissions, no declared content
//   script, nothing web-accessible, no page that can message it): the content script runs only where
//   the user invoked the extension (activeTab);
// - every file the manifest names is in the folder;
// - the content script is one classic script: Chrome injects content scripts as classic scripts,
//   so an `import` or `export` left at its top level would stop it from running at all;
// - no Firebase SDK in the content script: whatever is injected into a page stays small, and the
//   vault's I/O stays in the extension's own pages;
// - no built file touches chrome.storage.local (or sync): the vault key lives only in
//   chrome.storage.session, which the browser clears when it closes (docs/extension.md, "Session").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'extension/dist';
const DOC = 'docs/extension.md';
const failures = [];

/** The permissions named in the first column of the table under the doc's "## Permissions" heading. */
function documentedPermissions(markdown) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Permissions'));
  if (section === undefined) return null;
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);
}

const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const documented = documentedPermissions(readFileSync(DOC, 'utf8'));
const asked = [...(manifest.permissions ?? [])].sort();
if (documented === null) failures.push(`${DOC} has no "## Permissions" section`);
else if (JSON.stringify(asked) !== JSON.stringify([...documented].sort())) {
  failures.push(`the manifest asks for [${asked.join(', ')}] but ${DOC} names [${documented.join(', ')}]`);
}
if (manifest.manifest_version !== 3) failures.push('the manifest is not Manifest V3');
for (const key of ['host_permissions', 'optional_host_permissions', 'optional_permissions', 'content_scripts', 'web_accessible_resources', 'externally_connectable']) {
  if (manifest[key] !== undefined) failures.push(`the manifest declares ${key}: the extension asks for no host access (${DOC}, "Permissions")`);
}

// offscreen.html is named by the worker's chrome.offscreen.createDocument, not by the manifest.
const named = [manifest.background?.service_worker, manifest.action?.default_popup, 'content.js', 'offscreen.html'].filter(Boolean);
for (const file of named) {
  if (!existsSync(join(dir, file))) failures.push(`${file} is named but not built`);
}

if (existsSync(join(dir, 'content.js'))) {
  const content = readFileSync(join(dir, 'content.js'), 'utf8');
  if (/^\s*(import|export)\b/m.test(content)) failures.push('content.js has a top-level import or export: Chrome would not run it');
  if (content.includes('FirebaseError')) failures.push('content.js carries the Firebase SDK');
}

for (const file of readdirSync(dir, { recursive: true }).map(String).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(join(dir, file), 'utf8');
  if (/\bstorage\s*\.\s*(local|sync)\b/.test(code)) failures.push(`${file} uses chrome.storage.local or sync: the session lives in chrome.storage.session only`);
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`extension check: ${failure}`);
  process.exit(1);
}
console.log(`extension check: ${dir} is a Manifest V3 extension asking for ${asked.join(', ')}, as ${DOC} names, and no host access.`);
