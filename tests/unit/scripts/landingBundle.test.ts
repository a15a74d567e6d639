import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANDING_BUDGET_KB, landingFiles, landingKb } from '../../../scripts/lib/landingBundle.mjs';

// Issue #18 item 7: the landing page's JavaScript budget is enforced by the build check in
// `npm test`, measured as the bench measures it (the entry chunk and its static imports, gzip).

/**
 * A dist/ with a Vite manifest: the entry imports `shared`; `lazy` is only a dynamic import; the
 * dashboard loads the import dialog's chunk lazily, or up front when `importUpFront`; the icons are
 * in the dashboard's chunk, or (`iconsOnLanding`) in the landing page's shared one.
 */
function fakeDist(entryBytes: Buffer, { importUpFront = false, iconsOnLanding = false } = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'keyloft-dist-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const importChunk = 'src/features/import/ui/index.ts';
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['lazy.ts', 'src/app/dashboard/DashboardPage.tsx'] },
      '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
      'lazy.ts': { file: 'assets/lazy.js', imports: ['_shared.js'] },
      'src/app/dashboard/DashboardPage.tsx': {
        file: 'assets/DashboardPage.js',
        imports: ['_shared.js', ...(importUpFront ? [importChunk] : [])],
        dynamicImports: importUpFront ? [] : [importChunk],
      },
      [importChunk]: { file: 'assets/ui.js', imports: ['_shared.js'] },
    }),
  );
  writeFileSync(join(dist, 'assets', 'index.js'), entryBytes);
  const icon = 'export const icon = { className: "lucide lucide-search" };';
  writeFileSync(join(dist, 'assets', 'shared.js'), `export const shared = 1;${iconsOnLanding ? icon : ''}`);
  // Large and incompressible, but never loaded by the landing page.
  writeFileSync(join(dist, 'assets', 'lazy.js'), randomBytes(200 * 1024).toString('base64'));
  writeFileSync(join(dist, 'assets', 'DashboardPage.js'), `export const dashboard = 1;${iconsOnLanding ? '' : icon}`);
  writeFileSync(join(dist, 'assets', 'ui.js'), 'export const label = "File to import";');
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  return dist;
}

const checkBundle = (dist: string) => spawnSync('node', ['scripts/check-bundle.mjs', dist], { encoding: 'utf8' });

describe('the landing page budget', () => {
  it('counts the entry and its static imports, not what loads later', () => {
    const dist = fakeDist(Buffer.from('console.log("landing");'));
    expect(landingFiles(dist).sort()).toEqual(['assets/index.js', 'assets/shared.js']);
    expect(landingKb(dist)).toBeLessThan(1);
  });

  it('the build check passes within the budget and fails above it, naming the size', () => {
    expect(checkBundle(fakeDist(Buffer.from('console.log("landing");'))).status).toBe(0);
    // Incompressible bytes: gzip keeps them at about their size.
    const over = checkBundle(fakeDist(randomBytes((LANDING_BUDGET_KB + 5) * 1024)));
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(new RegExp(`the landing page's JavaScript is \\d+\\.\\d KB gzip, over its budget of ${LANDING_BUDGET_KB} KB`));
  });
});

describe('the import code', () => {
  it('passes when only its dialog loads it, and fails when the dashboard loads it up front', () => {
    expect(checkBundle(fakeDist(Buffer.from('console.log("landing");'))).status).toBe(0);
    const upFront = checkBundle(fakeDist(Buffer.from('console.log("landing");'), { importUpFront: true }));
    expect(upFront.status).toBe(1);
    expect(upFront.stderr).toContain('assets/ui.js is loaded up front by the landing page or the dashboard and carries the import code');
  });
});

describe('the icons (issue #21)', () => {
  it('pass when only the screens after sign-in load them, and fail when the landing page does', () => {
    const landing = Buffer.from('console.log("landing");');
    expect(checkBundle(fakeDist(landing)).status).toBe(0);
    const onLanding = checkBundle(fakeDist(landing, { iconsOnLanding: true }));
    expect(onLanding.status).toBe(1);
    expect(onLanding.stderr).toContain('assets/shared.js is loaded by the landing page and carries the icon library');
  });
});
