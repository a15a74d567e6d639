import { describe, expect, it } from 'vitest';
import { EXTERNAL_LOCK, isWebVaultSender, parseExternalMessage } from '../../../extension/src/worker/externalLock';
import { connectableMatches, EMULATOR_WEB_VAULT_ORIGINS, webVaultOrigins } from '../../../extension/src/webVaultOrigins';
import { IDLE_MINUTE_CHOICES } from '../../../src/session/autoLock';

describe('what a web vault page may tell the extension', () => {
  it('reads the lock message only in its exact shape', () => {
    expect(parseExternalMessage({ kind: 'keyloft/lock', v: 1 })).toBe(EXTERNAL_LOCK);
    expect(parseExternalMessage({ kind: 'keyloft/lock', v: 2 })).toBeNull();
    expect(parseExternalMessage({ kind: 'keyloft/lock', v: 1, uid: 'u1' })).toBeNull();
    expect(parseExternalMessage({ kind: 'keyloft/unlock', v: 1 })).toBeNull();
    expect(parseExternalMessage({ kind: 'keyloft/fill-request', v: 1 })).toBeNull();
    expect(parseExternalMessage({ kind: 'keyloft/choose-fill', v: 1 })).toBeNull();
    expect(parseExternalMessage('keyloft/lock')).toBeNull();
    expect(parseExternalMessage(null)).toBeNull();
    expect(parseExternalMessage([])).toBeNull();
    expect(parseExternalMessage(Object.assign(Object.create({ polluted: true }) as object, { kind: 'keyloft/lock', v: 1 }))).toBeNull();
  });

  it('reads the auto-lock choice only as one of the web vault’s own choices', () => {
    for (const idleMinutes of IDLE_MINUTE_CHOICES) {
      expect(parseExternalMessage({ kind: 'keyloft/auto-lock', v: 1, idleMinutes })).toEqual({ kind: 'keyloft/auto-lock', v: 1, idleMinutes });
    }
    for (const idleMinutes of [0, -1, 2, 14.5, 241, 1e9, Infinity, Number.NaN, '15', null]) {
      expect(parseExternalMessage({ kind: 'keyloft/auto-lock', v: 1, idleMinutes })).toBeNull();
    }
    expect(parseExternalMessage({ kind: 'keyloft/auto-lock', v: 1 })).toBeNull();
    expect(parseExternalMessage({ kind: 'keyloft/auto-lock', v: 1, idleMinutes: 15, lockWhenHidden: true })).toBeNull();
    expect(parseExternalMessage({ kind: 'keyloft/auto-lock', v: 2, idleMinutes: 15 })).toBeNull();
  });
});

describe('who counts as the web vault', () => {
  const origins = ['https://vault.example.com'];

  it('is a page whose origin, as Chrome reports it, is exactly one of the web vault’s', () => {
    expect(isWebVaultSender({ origin: 'https://vault.example.com', url: 'https://vault.example.com/vault' }, origins)).toBe(true);
    expect(isWebVaultSender({ url: 'https://vault.example.com/vault' }, origins)).toBe(true);
  });

  it('is not another origin: another scheme, port, sub-domain or look-alike', () => {
    for (const origin of ['http://vault.example.com', 'https://vault.example.com:8443', 'https://evil.vault.example.com', 'https://vault.example.com.evil.test', 'https://example.com', 'null']) {
      expect(isWebVaultSender({ origin, url: `${origin}/` }, origins)).toBe(false);
    }
  });

  it('trusts Chrome’s origin over the URL, and refuses an extension or an unidentified sender', () => {
    expect(isWebVaultSender({ origin: 'https://evil.test', url: 'https://vault.example.com/' }, origins)).toBe(false);
    expect(isWebVaultSender({ id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'https://vault.example.com' }, origins)).toBe(false);
    expect(isWebVaultSender({}, origins)).toBe(false);
    expect(isWebVaultSender({ url: 'not a url' }, origins)).toBe(false);
  });
});

describe('the web vault’s origins, from the app’s build settings', () => {
  it('is npm start’s dev server for the emulators', () => {
    expect(webVaultOrigins({})).toEqual(EMULATOR_WEB_VAULT_ORIGINS);
    expect(webVaultOrigins({ VITE_FIREBASE_PROJECT_ID: 'demo-keyloft' })).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173']);
  });

  it('is the project’s Firebase Hosting for a real project, or the one address set', () => {
    expect(webVaultOrigins({ VITE_FIREBASE_PROJECT_ID: 'acme-vault' })).toEqual(['https://acme-vault.web.app', 'https://acme-vault.firebaseapp.com']);
    expect(webVaultOrigins({ VITE_FIREBASE_PROJECT_ID: 'acme-vault', VITE_WEB_VAULT_URL: 'https://vault.acme.test/app' })).toEqual(['https://vault.acme.test']);
    expect(webVaultOrigins({ VITE_WEB_VAULT_URL: 'http://127.0.0.1:5000' })).toEqual(['http://127.0.0.1:5000']);
  });

  it('refuses an address that is not one, or plain http off loopback', () => {
    expect(() => webVaultOrigins({ VITE_WEB_VAULT_URL: 'vault' })).toThrow('VITE_WEB_VAULT_URL: "vault" is not an address');
    expect(() => webVaultOrigins({ VITE_WEB_VAULT_URL: 'http://vault.acme.test' })).toThrow('must be https');
  });

  it('lets only those origins connect: one pattern each, never a wildcard host', () => {
    expect(connectableMatches(['https://vault.acme.test', 'http://127.0.0.1:5173'])).toEqual(['https://vault.acme.test/*', 'http://127.0.0.1:5173/*']);
  });
});

describe('the extension’s fixed id', () => {
  it('is the id Chrome derives from the manifest’s committed key, the one the web vault connects to', async () => {
    const { readFileSync } = await import('node:fs');
    const { createHash } = await import('node:crypto');
    const { DEV_EXTENSION_ID } = await import('../../../src/data/extensionConnection');
    const manifest = JSON.parse(readFileSync('extension/public/manifest.json', 'utf8')) as { key: string };
    // Chrome's rule: the SHA-256 of the public key's DER, first 32 hex digits, each as a letter a to p.
    const hex = createHash('sha256').update(Buffer.from(manifest.key, 'base64')).digest('hex').slice(0, 32);
    expect(Array.from(hex, (digit) => digit).map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('')).toBe(DEV_EXTENSION_ID);
  });
});
