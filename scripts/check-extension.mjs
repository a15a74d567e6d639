// Checks the built extension (extension/dist/, made by `npm run build:extension`), run by
// `npm test` after building it:
// - the manifest asks for exactly the permissions docs/extension.md names and justifies, in its
//   "Permissions" table, and for no host access at all (no host_permissions, no declared content
//   script, nothing web-accessible): the content script runs only where the user invoked the
//   extension (activeTab);
// - the only pages that can connect (externally_connectable) are the web vault's origins, each one
//   exact origin with any path, no wildcard host, no other extension; and the manifest carries the
//   committed key, so the extension's id is the one the web vault connects to;
// - every file the manifest names is in the folder;
// - the content script is one classic script: Chrome injects content scripts as classic scripts,
//   so an `import` or `export` left at its top level would stop it from running at all;
// - no Firebase SDK in the content script: whatever is injected into a page stays small, and the
//   vault's I/O stays in the extension's own pages;
// - no built file touches chrome.storage.local (or sync): the vault key lives only in
//   chrome.storage.session, which the browser clears when it closes (docs/extension.md, "Session").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

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
for (const key of ['host_permissions', 'optional_host_permissions', 'optional_permissions', 'content_scripts', 'web_accessible_resources']) {
  if (manifest[key] !== undefined) failures.push(`the manifest declares ${key}: the extension asks for no host access (${DOC}, "Permissions")`);
}

// The web vault's origins (extension/src/webVaultOrigins.ts), and nothing else, may connect.
const connectable = manifest.externally_connectable;
const matches = connectable?.matches;
if (connectable === undefined || !Array.isArray(matches) || matches.length === 0) {
  failures.push('the manifest lets no web vault origin connect (externally_connectable.matches)');
} else {
  if (Object.keys(connectable).some((key) => key !== 'matches')) failures.push('externally_connectable names more than matches: no other extension may connect');
  for (const pattern of matches) {
    // An exact origin (https, or http on loopback) followed by /*: no wildcard host, scheme or port.
    const exact = /^(https:\/\/[a-z0-9.-]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\]))(:\d+)?\/\*$/.exec(String(pattern));
    if (exact === null) failures.push(`externally_connectable.matches has "${pattern}": only the web vault's exact origins may connect`);
  }
}
const PUBLIC_KEY_ID = /^[a-p]{32}$/;
const extensionIdOf = (key) =>
  [...createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32)].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
const devId = /DEV_EXTENSION_ID = '([a-p]{32})'/.exec(readFileSync('src/data/extensionConnection.ts', 'utf8'))?.[1];
if (typeof manifest.key !== 'string') failures.push('the manifest has no key: the extension id would differ per install and the web vault could not find it');
else if (!PUBLIC_KEY_ID.test(extensionIdOf(manifest.key)) || extensionIdOf(manifest.key) !== devId) {
  failures.push(`the manifest's key gives the id ${extensionIdOf(manifest.key)}, not the web vault's DEV_EXTENSION_ID ${devId ?? '(none)'}`);
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

// The worker checks a connecting page's origin against the same list the manifest names.
if (Array.isArray(matches)) {
  const built = readdirSync(dir, { recursive: true }).map(String).filter((name) => name.endsWith('.js')).map((name) => readFileSync(join(dir, name), 'utf8')).join('\n');
  for (const pattern of matches) {
    const origin = String(pattern).replace(/\/\*$/, '');
    if (![`"`, `'`, "`"].some((quote) => built.includes(`${quote}${origin}${quote}`))) failures.push(`the worker does not check for ${origin}, which the manifest lets connect`);
  }
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`extension check: ${failure}`);
  process.exit(1);
}
console.log(`extension check: ${dir} is a Manifest V3 extension asking for ${asked.join(', ')}, as ${DOC} names, no host access, connectable only from ${matches.join(', ')}.`);
