import { offlineText, type ServerReachability } from './model';
import { useOffline } from './useOffline';
import './deviceCopy.css';

export interface OfflineBannerProps {
  readonly connection: () => Promise<ServerReachability>;
  /** Whether this page keeps the device copy (what the vault on screen was read from). */
  readonly deviceCopy: boolean;
}

/** The vault screen's offline state (issue #22 item 3): writes are refused until the server answers again. */
export function OfflineBanner({ connection, deviceCopy }: OfflineBannerProps) {
  const offline = useOffline(connection);
  if (!offline) return null;
  return (
    <p role="status" className="notice notice--warning offline-banner">
      {offlineText(deviceCopy)}
    </p>
  );
}
