import { ConfigError, type AppConfig, type RawEnv } from '../../src/data/config';
import { itemLinkPath } from '../../src/features/vault/itemLink';

// Where the popup's "Open in the web vault" goes (docs/extension.md, "The popup"): the web app of
// the project the extension was built for. A build for the emulators opens `npm start`'s app; one
// for a real project opens `VITE_WEB_VAULT_URL` when set (a custom domain), else the project's Firebase
// Hosting address, `https://<authDomain>` (`<project>.firebaseapp.com` serves the same site).

/** The app's address under `npm start` (scripts/start.mjs). */
export const LOCAL_APP_ORIGIN = 'http://127.0.0.1:5173';

/** The web app's origin for this build; a VITE_WEB_VAULT_URL that is not an http(s) origin is a ConfigError. */
export function webVaultOrigin(config: AppConfig, env: RawEnv): string {
  const setting = env.VITE_WEB_VAULT_URL;
  if (typeof setting === 'string' && setting.trim() !== '') {
    const url = URL.canParse(setting.trim()) ? new URL(setting.trim()) : null;
    const onlyOrigin = url !== null && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    if (url === null || !/^https?:$/.test(url.protocol) || !onlyOrigin) {
      throw new ConfigError('VITE_WEB_VAULT_URL', `"${setting}" is not the web app's address (e.g. https://vault.example.com)`);
    }
    return url.origin;
  }
  return config.emulators === null ? `https://${config.firebase.authDomain}` : LOCAL_APP_ORIGIN;
}

/** The web vault's page showing one item (`/dashboard?item=<id>`, src/features/vault/itemLink.ts). */
export function webVaultItemUrl(origin: string, itemId: string): string {
  return new URL(itemLinkPath(itemId), origin).href;
}
