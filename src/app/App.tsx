import { BrowserRouter } from 'react-router-dom';
import type { AppConfig } from '../data/config';
import { SessionProvider } from '../session/SessionContext';
import { SIGNED_OUT } from '../session/sessionState';
import { AppRoutes } from './AppRoutes';
import { LocalModeBanner } from './LocalModeBanner';

export function App({ config }: { config: AppConfig }) {
  return (
    <BrowserRouter>
      {config.dataBackend === 'memory' && <LocalModeBanner />}
      <SessionProvider state={SIGNED_OUT}>
        <AppRoutes />
      </SessionProvider>
    </BrowserRouter>
  );
}
