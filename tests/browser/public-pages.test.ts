import { describe, expect, inject, it } from 'vitest';
import { emulatorCsp, LOCAL_ADDRESS, productionCsp } from '../support/hostingCsp';
import { expectNoPageErrors, openPage, useChromium } from './chromium';

const baseUrl = inject('baseUrl');
useChromium();

describe('public pages in Chromium (production build on the Hosting emulator)', () => {
  it.each([
    ['/', 'Secure Password Management for Teams'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/security', 'How Keyloft Protects Your Passwords'],
    ['/billing/cancel', 'Checkout cancelled'],
  ])('%s renders its heading with no console errors', async (path, heading) => {
    const { page, errors } = await openPage();
    await page.goto(`${baseUrl}${path}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(heading);
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('is served with the security headers of firebase.json', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${baseUrl}/security`);
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of ["script-src 'self' ", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    await page.context().close();
  });

  it('is served the production CSP of firebase.json, which names no local port, with only the emulators’ origins added', async () => {
    // Production reaches no local address (issue #41); here the app talks to the emulators, so the
    // Hosting emulator serves firebase.json's policy plus their origins in connect-src, and nothing else.
    expect(productionCsp()).toContain('connect-src ');
    expect(productionCsp()).not.toMatch(LOCAL_ADDRESS);
    const { page } = await openPage();
    const response = await page.goto(`${baseUrl}/`);
    const served = response?.headers()['content-security-policy'] ?? '';
    expect(served).toBe(emulatorCsp());
    const tokens = (policy: string) => policy.replaceAll(';', ' ').split(/\s+/).filter(Boolean);
    const production = new Set(tokens(productionCsp()));
    expect(tokens(served).filter((token) => !production.has(token))).toEqual(['http://127.0.0.1:9099', 'http://127.0.0.1:8080', 'http://127.0.0.1:5001']);
    await page.context().close();
  });

  it('reports a CSP violation when one happens, so the other tests’ empty error lists mean something', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://example.invalid/evil.js';
      document.head.append(script);
    });
    await expect.poll(() => errors.join('\n')).toContain('CSP violation: script-src-elem');
    await page.context().close();
  });

  it('follows the footer and header links between the public pages', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${baseUrl}/privacy`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(`${baseUrl}/terms`);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Learn how Keyloft’s encryption works' }).click();
    await page.waitForURL(`${baseUrl}/security`);
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('Sign Up on a legal page opens the sign-up dialog on the landing page', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${baseUrl}/terms`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('a deep link is served by the SPA and an unknown path says so', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/no-such-page`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
    await page.context().close();
  });

  it('the landing page loads no Firebase code', async () => {
    const { page, scripts } = await openPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const bodies = await Promise.all(
      scripts.map(async (url) => {
        const response = await page.request.get(url);
        return response.text();
      }),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const body of bodies) {
      // Every Firebase SDK bundles FirebaseError from @firebase/util.
      expect(body).not.toContain('FirebaseError');
    }
    await page.context().close();
  });
});
