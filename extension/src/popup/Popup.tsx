import { useEffect, useState } from 'react';
import { ConfigError, type AppConfig } from '../../../src/data/config';
import { appConfig } from '../../../src/data/appConfig';
import { STATE_REQUEST, type PopupState } from '../messages';
import { LockedScreen, SignedOutScreen } from './screens';

type Loaded = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly state: PopupState } | { readonly kind: 'failed' };

function buildConfig(): AppConfig | ConfigError {
  try {
    return appConfig();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

/** The toolbar popup: the screen the worker's session calls for. */
export function Popup() {
  const [config] = useState(buildConfig);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    chrome.runtime.sendMessage(STATE_REQUEST).then(
      (state: PopupState | undefined) => {
        // No answer at all: the worker dropped the request, which is a fault, not a screen.
        if (current) setLoaded(state === undefined ? { kind: 'failed' } : { kind: 'ready', state });
      },
      () => {
        if (current) setLoaded({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  if (config instanceof ConfigError) {
    return (
      <main className="popup" role="alert">
        <p>This build of Keyloft is misconfigured: {config.message}</p>
      </main>
    );
  }
  if (loaded.kind === 'loading') return <main className="popup" aria-busy="true" />;
  if (loaded.kind === 'failed') {
    return (
      <main className="popup" role="alert">
        <p>Keyloft could not reach its background worker. Close this popup and open it again.</p>
      </main>
    );
  }
  return loaded.state.screen === 'locked' ? <LockedScreen email={loaded.state.email} /> : <SignedOutScreen config={config} />;
}
