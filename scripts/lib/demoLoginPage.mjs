// The demo login page `npm start` serves to try the browser extension on (README, "The browser
// extension"): one plain form, username and password, no script and no external resource. It is
// a site of its own, on its own loopback port, so a login saved for its address matches it by the
// default rule (exact origin) and never the app's. A submit is answered with the name it was given,
// and the password is not echoed or kept.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { ROOT, assertPortFree } from './firestoreEmulator.mjs';

/** Where `npm start` serves it: fixed, so a login saved for it keeps matching across runs. */
export const DEMO_LOGIN_PORT = 5180;

const PAGE_PATH = join(ROOT, 'scripts', 'demo', 'login.html');
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // Nothing but the page itself: its inline style, a form posting back to it.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};
const MAX_BODY = 4096;

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page shown after a submit: who signed in, never the password. */
export function signedInPage(username) {
  const name = username.trim() === '' ? 'nobody (the username was empty)' : escapeHtml(username);
  return `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>Demo site: signed in</title></head>` +
    `<body><main><h1>Signed in</h1><p>Signed in as ${name}.</p><p><a href="/">Back to the sign-in page</a></p></main></body></html>\n`;
}

/** The request handler: the page at `/`, a submit to `/`, and 404 for anything else. */
export function demoLoginHandler(request, response) {
  const path = new URL(request.url ?? '/', 'http://demo.invalid').pathname;
  if (path !== '/') {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    response.writeHead(200, HEADERS).end(request.method === 'HEAD' ? undefined : readFileSync(PAGE_PATH, 'utf8'));
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'GET, HEAD, POST' }).end();
    return;
  }
  let body = '';
  let tooLarge = false;
  request.setEncoding('utf8');
  request.on('data', (chunk) => {
    if (tooLarge) return;
    body += chunk;
    if (body.length > MAX_BODY) tooLarge = true;
  });
  request.on('end', () => {
    if (tooLarge) {
      response.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' }).end('Too large\n');
      return;
    }
    response.writeHead(200, HEADERS).end(signedInPage(new URLSearchParams(body).get('username') ?? ''));
  });
}

/**
 * Serves the page on 127.0.0.1 (`port` 0 for any free one, as the tests do); resolves with
 * { url, port, stop }. Rejects naming the port when it is taken.
 */
export async function startDemoLoginPage({ port = DEMO_LOGIN_PORT } = {}) {
  if (port !== 0) await assertPortFree('127.0.0.1', port, 'demo login page');
  const server = createServer(demoLoginHandler);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const bound = server.address().port;
  let stopped = false;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}/`,
    stop: () =>
      new Promise((resolve) => {
        if (stopped) return resolve(undefined);
        stopped = true;
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
