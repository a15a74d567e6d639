// The browser tier runs against the production build in dist/, served by the Hosting emulator so
// that firebase.json's headers (the Content-Security-Policy among them) apply, on the real Auth,
// Functions and Firestore emulators. `npm test` builds dist/ just before; run alone
// (`npm run test:browser`), this setup builds it first.
import { readFileSync } from 'node:fs';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function hostingOrigin(): string {
  const { emulators } = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
    emulators: { hosting?: { host?: string; port?: number } };
  };
  return `http://${emulators.hosting?.host ?? '127.0.0.1'}:${emulators.hosting?.port ?? 5000}`;
}

export default async function setup(project: TestProject): Promise<void> {
  if (process.env.KEYLOFT_DIST_BUILT !== '1') {
    // The same fake publishable test key as scripts/test.mjs's build: Upgrade is enabled only with
    // a key (docs/billing-ui.md), and checkout goes to the fake Stripe server.
    process.env.VITE_STRIPE_PUBLISHABLE_KEY ??= 'pk_test_keyloftLocalFake';
    await build({ logLevel: 'warn', mode: 'production' });
  }
  const origin = hostingOrigin();
  const response = await fetch(`${origin}/`).catch(() => null);
  if (!response?.ok) {
    throw new Error(
      `the Hosting emulator does not answer at ${origin}: run the browser tier with \`npm run test:browser\` or \`npm test\`, which start it`,
    );
  }
  project.provide('baseUrl', origin);
}
