import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/data/config';
import { LOCAL_APP_ORIGIN, webVaultItemUrl, webVaultOrigin } from '../../../extension/src/webVault';

// Where the popup's "Open in the web vault" goes, by the build's configuration.

const build = { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } };
const emulators = readConfig({}, build);
const real = readConfig({ VITE_FIREBASE_PROJECT_ID: 'keyloft-prod', VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_AUTH_DOMAIN: 'keyloft-prod.firebaseapp.com', VITE_FIREBASE_APP_ID: 'a' }, build);

describe('the web vault the extension links to', () => {
  it('is npm start’s app for an emulator build', () => {
    expect(webVaultOrigin(emulators, {})).toBe(LOCAL_APP_ORIGIN);
    expect(LOCAL_APP_ORIGIN).toBe('http://127.0.0.1:5173');
  });

  it('is the project’s Hosting address for a real project, or VITE_WEB_VAULT_URL when set', () => {
    expect(webVaultOrigin(real, {})).toBe('https://keyloft-prod.firebaseapp.com');
    expect(webVaultOrigin(real, { VITE_WEB_VAULT_URL: ' https://vault.example.com/ ' })).toBe('https://vault.example.com');
    expect(webVaultOrigin(emulators, { VITE_WEB_VAULT_URL: '' })).toBe(LOCAL_APP_ORIGIN);
  });

  it.each(['vault.example.com', 'ftp://vault.example.com', 'https://vault.example.com/app', 'https://u:p@vault.example.com', 'https://vault.example.com/?x=1', 'javascript:alert(1)'])(
    'refuses a VITE_WEB_VAULT_URL that is not an http(s) origin: %s',
    (setting) => {
      expect(() => webVaultOrigin(real, { VITE_WEB_VAULT_URL: setting })).toThrow(ConfigError);
      expect(() => webVaultOrigin(real, { VITE_WEB_VAULT_URL: setting })).toThrow(/^VITE_WEB_VAULT_URL: /);
    },
  );

  it('links one item by its id', () => {
    expect(webVaultItemUrl('https://vault.example.com', 'a/b c')).toBe('https://vault.example.com/dashboard?item=a%2Fb+c');
  });
});
