// The landing page's JavaScript, measured the one way both the build check in `npm test` (which
// fails above the budget) and `npm run bench` (which prints it) use: the entry chunk of a
// production build and everything it imports statically, each file gzipped at level 9.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing page's JavaScript budget, gzip (issue #18: it had crept from 87.9 to 109.5 KB unnoticed). */
export const LANDING_BUDGET_KB = 90;

export function gzipKb(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/** The files the landing page loads (the entry chunk and its static imports), from `dist`'s Vite manifest. */
export function landingFiles(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entry === undefined) throw new Error('the build manifest has no entry chunk');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key]?.file).filter((file) => typeof file === 'string');
}

/** The landing page's JavaScript in KB, gzip. */
export function landingKb(dist) {
  return landingFiles(dist).reduce((sum, file) => sum + gzipKb(join(dist, file)), 0);
}
