// The extension corpus (tests/extension-corpus/README.md): its entries, and a loopback server for
// its pages. Chromium resolves every .test host to 127.0.0.1 (extensionBrowser.ts), so a page is
// reached under its own host name on this server's port.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export const CORPUS_DIR = 'tests/extension-corpus';

export interface CorpusEntry {
  readonly id: string;
  readonly file: string;
  readonly host: string;
  readonly labels: readonly string[];
  readonly item: {
    readonly urls: readonly { readonly url: string; readonly match: string }[];
    readonly username: string;
    readonly password: string;
    /** The item's one-time code setup (otpauth:// link), for pages that ask for a code. */
    readonly otp?: string;
  };
  readonly expect: readonly { readonly frame?: string; readonly selector: string; readonly value: 'username' | 'password' | 'otp' }[];
}

/** The expected field, in the frame its entry names (an iframe's selector) or the top document. */
export function fieldOf(page: Page, field: CorpusEntry['expect'][number]): Locator {
  return field.frame === undefined ? page.locator(field.selector) : page.frameLocator(field.frame).locator(field.selector);
}

export function readCorpus(): readonly CorpusEntry[] {
  const { pages } = JSON.parse(readFileSync(join(CORPUS_DIR, 'corpus.json'), 'utf8')) as { pages: CorpusEntry[] };
  return pages;
}

export interface CorpusServer {
  readonly port: number;
  /** The page's URL under its host name. */
  url(entry: CorpusEntry): string;
  /** A saved URL of an entry's item with this server's port, as the page is opened. */
  savedUrl(url: string): string;
  close(): Promise<void>;
}

function withPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.href;
}

const FILE_NAME = /^\/([a-z0-9-]+\.html)$/;

export async function serveCorpus(): Promise<CorpusServer> {
  let port = 0;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://corpus.test').pathname;
    const match = FILE_NAME.exec(path);
    if (request.method !== 'GET' || match === null) {
      response.writeHead(404).end();
      return;
    }
    try {
      // A page that frames another host names the server's port as __PORT__.
      const body = readFileSync(join(CORPUS_DIR, 'pages', match[1]!), 'utf8').replaceAll('__PORT__', String(port));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (entry) => `http://${entry.host}:${port}/${entry.file}`,
    savedUrl: (url) => withPort(url, port),
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
