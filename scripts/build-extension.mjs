// `npm run build:extension`: the browser extension in extension/dist/, the folder Chromium's
// "Load unpacked" takes. Configured by the app's own VITE_* variables (.env.local, the
// environment): with none set, it talks to the local emulators under demo-keyloft, as the app does.
// Two Vite builds of one config (extension/vite.config.ts says why).
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const EXTENSION_DIR = fileURLToPath(new URL('../extension/dist', import.meta.url));
const configFile = fileURLToPath(new URL('../extension/vite.config.ts', import.meta.url));

export async function buildExtension() {
  for (const part of ['pages', 'content']) {
    process.env.KEYLOFT_EXTENSION_PART = part;
    await build({ configFile, mode: 'production', logLevel: 'warn' });
  }
  delete process.env.KEYLOFT_EXTENSION_PART;
  return EXTENSION_DIR;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await buildExtension();
  console.log(`Extension built: ${dir}`);
  console.log('Load it in Chromium: chrome://extensions → Developer mode → Load unpacked → that folder.');
}
