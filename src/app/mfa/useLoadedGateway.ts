import { useEffect, useState } from 'react';
import type { AuthGateway } from '../../data/auth/authGateway';
import { useAppServices } from '../AppServices';

/** The auth gateway once it has loaded (null before, or if it fails to load: nothing to offer then). */
export function useLoadedGateway(): AuthGateway | null {
  const { auth } = useAppServices();
  const [gateway, setGateway] = useState<AuthGateway | null>(null);
  useEffect(() => {
    let active = true;
    auth.gateway().then(
      (loaded) => {
        if (active) setGateway(loaded);
      },
      (error: unknown) => {
        console.error('The authentication service could not be loaded', error);
      },
    );
    return () => {
      active = false;
    };
  }, [auth]);
  return gateway;
}
