import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appConfig } from '../../../src/data/appConfig';
import { ConfigError, type AppConfig } from '../../../src/data/config';
import { extensionFirebase } from '../../../src/data/extension/extensionFirebase';
import { firebaseSession } from '../session/firebaseSession';
import { sessionArea } from '../session/vaultKeyStore';
import { webVaultOrigin } from '../webVault';
import { Popup } from './Popup';
import type { TabTarget } from './VaultScreen';
import '../../../src/ui/styles.css';
import './popup.css';

const container = document.getElementById('root');
if (!container) throw new Error('popup.html has no #root element');

function buildConfig(): { readonly config: AppConfig; readonly webVault: string } | ConfigError {
  try {
    const config = appConfig();
    return { config, webVault: webVaultOrigin(config, import.meta.env) };
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

/**
 * The tab the popup acts on: the active tab of its window. Opened in a tab of its own (the popup's
 * page is reachable at its URL by the user and by the extension only: nothing is web-accessible),
 * `?tab=<id>` names the tab instead; Chrome still lets the worker into that tab only under a grant.
 */
async function currentTab(): Promise<TabTarget | null> {
  const named = new URLSearchParams(location.search).get('tab');
  const tab = named === null ? (await chrome.tabs.query({ active: true, currentWindow: true }))[0] : await chrome.tabs.get(Number(named));
  if (tab?.id === undefined) return null;
  return { tabId: tab.id, url: tab.url ?? null };
}

const built = buildConfig();
createRoot(container).render(
  <StrictMode>
    {built instanceof ConfigError ? (
      <main className="popup" role="alert">
        <p>This build of Keyloft is misconfigured: {built.message}</p>
      </main>
    ) : (
      <Popup config={built.config} webVault={built.webVault} session={firebaseSession(extensionFirebase(built.config), sessionArea())} tab={currentTab} />
    )}
  </StrictMode>,
);
