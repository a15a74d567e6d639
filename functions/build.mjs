// Bundles the functions into lib/index.js with esbuild, so that the contract they share with the
// web app (the workspace package @keyloft/contract in ../src/domain, e.g. the team permission table
// and the callable schemas) is compiled in: one copy of each rule, and a deploy of this folder alone
// still carries everything it runs (the package is not published, so the deploy's install must never
// be asked for it). Type-checking is tsc's job
// (`npm run typecheck`, run first by `npm run build`).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

// What the deploy installs from package.json stays outside the bundle (with its subpaths, e.g. zod/mini).
const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]);

rmSync(new URL('./lib', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile: new URL('./lib/index.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
