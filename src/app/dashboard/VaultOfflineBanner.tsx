import { useMemo } from 'react';
import { OfflineBanner, type ServerReachability } from '../../features/deviceCopy';
import { showsVault, useSessionStates, type OpenItemsSource } from '../../features/vault';

export interface VaultOfflineBannerProps {
  readonly connection: () => Promise<ServerReachability>;
  /** Whether this page keeps the device copy. */
  readonly deviceCopy: boolean;
  /** The open vaults: the banner says the vault on screen is the device's only when one shows something. */
  readonly sources: readonly OpenItemsSource[];
}

/**
 * The offline banner on the vault screen. With the copy it says the vault on screen is the
 * device's copy, which is true only once a vault shows something: on a first unlock with nothing
 * in the copy yet, a silent server leaves nothing on screen, and the plain words say so.
 */
export function VaultOfflineBanner({ connection, deviceCopy, sources }: VaultOfflineBannerProps) {
  const sessions = useMemo(() => sources.map((source) => source.session), [sources]);
  const states = useSessionStates(sessions);
  return <OfflineBanner connection={connection} deviceCopy={deviceCopy && showsVault(states)} />;
}
