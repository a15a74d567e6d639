// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findLoginFields } from '../../../extension/src/loginFields';
import { DEMO_LOGIN_PORT, signedInPage, startDemoLoginPage } from '../../../scripts/lib/demoLoginPage.mjs';
import { form, viewport } from '../extension/layout';

// The demo login page `npm start` serves to try the extension on (README, "The browser
// extension"): served on loopback, one plain form the extension's field scorer fills.

let demo: Awaited<ReturnType<typeof startDemoLoginPage>>;

beforeAll(async () => {
  demo = await startDemoLoginPage({ port: 0 });
});

afterAll(async () => {
  await demo.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const { fetch: nodeFetch } = globalThis;

describe('the demo login page', () => {
  it('is at a fixed loopback address of its own, apart from the app (5173)', () => {
    expect(DEMO_LOGIN_PORT).not.toBe(5173);
    expect(demo.url).toBe(`http://127.0.0.1:${demo.port}/`);
  });

  it('serves a username and a password field the extension finds, and loads nothing from elsewhere', async () => {
    const response = await nodeFetch(demo.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).not.toMatch(/<script|src=|href=["']?https?:|@import|url\(/i);
    const body = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    form(body);
    const fields = findLoginFields(document, viewport());
    expect(fields.username?.id).toBe('username');
    expect(fields.password?.id).toBe('password');
    expect(fields.otp).toBeNull();
  });

  it('answers a submit with the name only, escaped, never the password', async () => {
    const response = await nodeFetch(demo.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'ana<b>', password: 'the secret' }).toString(),
    });
    const html = await response.text();
    expect(html).toContain('Signed in as ana&#60;b&#62;.');
    expect(html).not.toContain('the secret');
    expect(signedInPage('  ')).toContain('nobody');
  });

  it('has nothing but the page: another path is 404, a too-large submit 413', async () => {
    expect((await nodeFetch(new URL('/other', demo.url))).status).toBe(404);
    const big = await nodeFetch(demo.url, { method: 'POST', body: `username=${'a'.repeat(5000)}` });
    expect(big.status).toBe(413);
  });

  it('names the port when it is taken', async () => {
    await expect(startDemoLoginPage({ port: demo.port })).rejects.toThrow(`port ${demo.port} on 127.0.0.1, needed by the demo login page, is taken`);
  });
});
