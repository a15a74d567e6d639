// Gzip sizes of a fresh production build: what the landing page loads, and everything. The
// landing page's budget is also enforced by the build check in `npm test` (scripts/check-bundle.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { LANDING_BUDGET_KB, gzipKb, landingFiles as landingFilesOf } from '../scripts/lib/landingBundle.mjs';

interface ManifestChunk {
  file: string;
}

export async function bundleBench(): Promise<string[]> {
  const outDir = 'dist';
  await build({ mode: 'production', logLevel: 'silent' });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

  const jsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  const landingFiles = landingFilesOf(outDir);
  const landingKb = landingFiles.reduce((sum, file) => sum + gzipKb(join(outDir, file)), 0);
  const totalKb = jsFiles.reduce((sum, file) => sum + gzipKb(join(outDir, file)), 0);
  return [
    `${'landing page JS (gzip)'.padEnd(44)} ${landingKb.toFixed(1).padStart(9)} KB   target ≤ ${LANDING_BUDGET_KB} KB   ${landingKb <= LANDING_BUDGET_KB ? 'within' : 'OVER'} (${landingFiles.length} file(s))`,
    `${'whole build JS (gzip)'.padEnd(44)} ${totalKb.toFixed(1).padStart(9)} KB   (${jsFiles.length} files)`,
  ];
}
