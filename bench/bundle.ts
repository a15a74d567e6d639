// Gzip sizes of a fresh production build: what the landing page loads, and everything.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const LANDING_TARGET_KB = 90;

function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

export async function bundleBench(): Promise<string[]> {
  const outDir = 'dist';
  await build({ mode: 'production', logLevel: 'silent' });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entry === undefined) throw new Error('the build manifest has no entry chunk');
  // The landing page is in the entry chunk; what it loads is the entry and its static imports.
  const landing = new Set<string>();
  const visit = (key: string) => {
    if (landing.has(key)) return;
    landing.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);

  const jsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  const landingFiles = [...landing].map((key) => manifest[key]?.file).filter((file): file is string => file !== undefined);
  const landingKb = landingFiles.reduce((sum, file) => sum + gzipKb(join(outDir, file)), 0);
  const totalKb = jsFiles.reduce((sum, file) => sum + gzipKb(join(outDir, file)), 0);
  return [
    `${'landing page JS (gzip)'.padEnd(44)} ${landingKb.toFixed(1).padStart(9)} KB   target ≤ ${LANDING_TARGET_KB} KB   ${landingKb <= LANDING_TARGET_KB ? 'within' : 'OVER'} (${landingFiles.length} file(s))`,
    `${'whole build JS (gzip)'.padEnd(44)} ${totalKb.toFixed(1).padStart(9)} KB   (${jsFiles.length} files)`,
  ];
}
