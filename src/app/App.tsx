import { BrowserRouter } from 'react-router-dom';
import type { AppConfig } from '../data/config';
import { SessionProvider } from '../session/SessionContext';
import { SIGNED_OUT } from '../session/sessionState';
import { AppRoutes } from './AppRoutes';
import { LocalModeBanner } from './LocalModeBanner';

export function App({ config }: { config: AppConfig }) {
  return (
    <BrowserRouter>
      {/* A build-time constant, so a production build carries no trace of local mode. */}
      {__LOCAL_MODE__ && config.dataBackend === 'memory' && <LocalModeBanner />}
      <SessionProvider state={SIGNED_OUT}>
        <AppRoutes />
      </SessionProvider>
    </BrowserRouter>
  );
}
