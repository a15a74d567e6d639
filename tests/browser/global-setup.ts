// Builds the app in local mode (in-memory repositories, everything else real) and serves it with
// `vite preview`, once for the whole browser tier.
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await build({ mode: 'local-only', logLevel: 'warn' });
  const server = await preview({ mode: 'local-only', logLevel: 'warn', preview: { port: 4173, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  project.provide('baseUrl', url.replace(/\/$/, ''));
  return async () => {
    await server.close();
  };
}
