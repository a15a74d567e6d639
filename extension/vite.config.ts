import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import { connectableMatches, webVaultOrigins } from './src/webVaultOrigins.ts';

// The extension's build (docs/extension.md, "Build"): plain Vite, run twice by
// scripts/build-extension.mjs. The pages part builds the popup and the service worker as ES
// modules sharing chunks; the content part builds the content script alone as one classic script,
// since Chrome injects content scripts as classic scripts, never modules, and one with an import
// would not run. Both read the app's VITE_* variables from the repository root, as the app does.

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The emulator ports as the app's vite.config.ts reads them: firebase.json is their one source.
const firebaseJson = JSON.parse(readFileSync(here('../firebase.json'), 'utf8')) as {
  emulators: Record<string, { port?: number }>;
};
const emulatorPorts = {
  auth: firebaseJson.emulators.auth?.port ?? 9099,
  firestore: firebaseJson.emulators.firestore?.port ?? 8080,
  functions: firebaseJson.emulators.functions?.port ?? 5001,
};

// The manifest is public/manifest.json plus the one part read from the build's settings: the web
// vault's origins, the only pages that may connect (docs/extension.md, "Locking with the web vault").
function manifest(origins: readonly string[]): Plugin {
  return {
    name: 'keyloft-manifest',
    generateBundle() {
      const base = JSON.parse(readFileSync(here('public/manifest.json'), 'utf8')) as Record<string, unknown>;
      const built = { ...base, externally_connectable: { matches: connectableMatches(origins) } };
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(built, null, 2)}\n` });
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  const contentPart = process.env.KEYLOFT_EXTENSION_PART === 'content';
  const origins = webVaultOrigins(loadEnv(mode, here('..'), 'VITE_'));
  return {
    root: here('src'),
    envDir: here('..'),
    // The manifest, public/'s only file, is written by the plugin above.
    publicDir: false,
    plugins: contentPart ? [react()] : [react(), manifest(origins)],
    define: {
      __EMULATOR_PORTS__: JSON.stringify(emulatorPorts),
      __WEB_VAULT_ORIGINS__: JSON.stringify(origins),
    },
    build: {
      outDir: here('dist'),
      emptyOutDir: !contentPart,
      sourcemap: false,
      target: 'es2022',
      modulePreload: { polyfill: false },
      rolldownOptions: contentPart
        ? {
            input: here('src/content.ts'),
            output: { format: 'iife', entryFileNames: 'content.js' },
          }
        : {
            input: { popup: here('src/popup.html'), offscreen: here('src/offscreen.html'), background: here('src/background.ts') },
            output: {
              entryFileNames: '[name].js',
              chunkFileNames: 'chunks/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
            },
          },
    },
  };
});
