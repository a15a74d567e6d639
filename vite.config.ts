/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// firebase.json is the single source of the emulator ports; the app reads them from here so the
// two can never disagree.
const firebaseJson = JSON.parse(readFileSync(new URL('./firebase.json', import.meta.url), 'utf8')) as {
  emulators: Record<string, { host?: string; port?: number }>;
};
const emulatorPorts = {
  auth: firebaseJson.emulators.auth?.port ?? 9099,
  firestore: firebaseJson.emulators.firestore?.port ?? 8080,
  functions: firebaseJson.emulators.functions?.port ?? 5001,
};

// react-router 7 resolves to its development build under every export condition (remix-run/
// react-router#12532, #14102): a production bundle would ship its dev warnings, logged to users'
// consoles, and about 0.5 KB gzip more on the landing page. A build takes the production files it
// also publishes; both entries, or the router and its DOM half would hold two copies of its contexts.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

// The entry chunk is index.html's script, which Vite names after it (assets/index-<hash>.js). Were it
// renamed, the landing page would grow by the names above and the build check in `npm test` say so.
const isEntryChunk = (file: string) => /^assets\/index-[^/.]+\.js$/.test(file);
const ENTRY_PRELOADS_KEPT = ['AuthModal', 'LockScreenRoute', 'DashboardPage'];
const keepsPreloadFromEntry = (file: string) => ENTRY_PRELOADS_KEPT.some((name) => file.startsWith(`assets/${name}-`));

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  define: {
    __EMULATOR_PORTS__: JSON.stringify(emulatorPorts),
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // The password-strength dictionaries are one large chunk, loaded only by the forms that set a
    // master password; the landing page's size is watched by `npm run bench` instead.
    chunkSizeWarningLimit: 2048,
    sourcemap: false,
    target: 'es2022',
    // No modulepreload polyfill in the landing page's budgeted entry chunk (about 0.3 KB gzip): every
    // current browser supports <link rel="modulepreload">; where one does not (Safari before 17), the
    // links are inert and a lazy screen's chunks load as it imports them, only without the head start.
    // The entry chunk names, for each screen it loads lazily, every file that screen needs, so they
    // download side by side: 84 hashed file names, 1.4 KB gzip of the landing page's 90. Only the
    // screens on the way into the vault keep that head start; a rarer one (legal pages, billing, an
    // invitation, an email link) fetches its own imports after it arrives, one round trip later.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostId, hostType }) =>
        hostType === 'js' && isEntryChunk(hostId) && !keepsPreloadFromEntry(file) ? [] : deps,
    },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'functions/test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
          // Typing with user-event and real WebCrypto take 2-5 s per test on a loaded 2-core CI
          // machine; vitest's 5 s default failed a sign-up test there. Speed is measured by the
          // benchmarks, never by test timeouts.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          // The extension's tests need no emulator and no dist/: a project of their own, below.
          exclude: ['tests/browser/extension/**'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The browser extension loaded into Debian's Chromium (docs/extension.md, "Tests"); it
          // serves its own pages on loopback and signs in on the Auth and Firestore emulators.
          // `npm run test:extension` builds extension/dist/ first and starts them, as `npm test` does.
          name: 'extension',
          environment: 'node',
          include: ['tests/browser/extension/**/*.test.ts'],
          globalSetup: ['tests/browser/extension/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Runs under `firebase emulators:exec --only auth,functions` (scripts/test.mjs).
          name: 'emulator',
          environment: 'node',
          include: ['tests/emulator/**/*.test.ts'],
          // The longest journeys (team rotation, resumable deletion) make dozens of emulator calls;
          // starved of CPU they passed 30 s. Speed belongs to the benchmarks.
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'firestore',
          environment: 'node',
          include: ['tests/firestore/**/*.test.ts'],
          testTimeout: 30_000,
          // The tier shares the emulator the emulator and browser tiers filled: the first
          // clearFirestore() of a file's beforeEach deletes all of that and has outlasted 10 s.
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
