import { useCallback, useEffect, useState } from 'react';
import type { AppConfig } from '../../../src/data/config';
import type { ExtensionSession, SessionState } from '../session/session';
import { chromePopupWorker, type PopupWorker } from './popupWorker';
import { LockedScreen, SignInScreen } from './screens';
import { VaultScreen, type TabTarget } from './VaultScreen';

type Loaded = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly state: SessionState } | { readonly kind: 'failed' };

export interface PopupProps {
  readonly config: AppConfig;
  readonly session: ExtensionSession;
  /** The tab the popup was opened on: its id and URL (null where Chrome gives none). */
  readonly tab: () => Promise<TabTarget | null>;
  /** The web app's origin, for each item's "Open in the web vault" (extension/src/webVault.ts); none: not offered. */
  readonly webVault?: string | null;
  /** The service worker, as the popup tells it of copies and locks (a stand-in in component tests). */
  readonly worker?: PopupWorker;
}

/** The toolbar popup: the screen the session calls for. */
export function Popup({ config, session, tab, webVault = null, worker = chromePopupWorker }: PopupProps) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  const refresh = useCallback(() => {
    session.state().then(
      (state) => {
        setLoaded({ kind: 'ready', state });
      },
      (error: unknown) => {
        console.error('Keyloft: could not read the session', error);
        setLoaded({ kind: 'failed' });
      },
    );
  }, [session]);

  useEffect(refresh, [refresh]);

  if (loaded.kind === 'loading') return <main className="popup" aria-busy="true" />;
  if (loaded.kind === 'failed') {
    return (
      <main className="popup" role="alert">
        <p>Keyloft could not read its session. Close this popup and open it again.</p>
      </main>
    );
  }
  const { state } = loaded;
  if (state.screen === 'signed-out') return <SignInScreen config={config} session={session} onSignedIn={refresh} />;
  if (state.screen === 'locked') return <LockedScreen email={state.email} session={session} onChange={refresh} />;
  return <VaultScreen email={state.email} session={session} worker={worker} tab={tab} webVault={webVault} onLocked={refresh} />;
}
