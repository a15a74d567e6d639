import { createContext, useContext, type ReactNode } from 'react';
import type { AppConfig } from '../data/config';
import type { Connection } from '../data/firestore/liveServer';
import type { InvitationFunctions } from '../data/invitations/storedInvitations';
import type { Repositories } from '../data/repositories';
import type { TeamFunctions } from '../data/teams/storedTeams';
import type { BillingService } from '../features/billing';
import type { DeviceCopyService } from '../features/deviceCopy';
import type { BrowserWebAuthn, PasskeysOnDevice } from '../features/passkeys';
import type { AutoLockPreferences } from '../session/autoLock';
import type { AuthServices } from './authServices';

export interface AppServices {
  readonly config: AppConfig;
  readonly auth: AuthServices;
  /** The data layer: Firestore in the app, in-memory doubles in component tests. */
  readonly repositories: () => Promise<Repositories>;
  /** The team callables (docs/teams.md): the deployed functions in the app, a fake in component tests. */
  readonly teamFunctions: TeamFunctions;
  /** The invitation callables (docs/invitations.md), likewise. */
  readonly invitationFunctions: InvitationFunctions;
  /** The billing screens' service (docs/billing-ui.md): the deployed callables and Stripe.js in the app, a fake in component tests. */
  readonly billing: BillingService;
  /** Each user's auto-lock choice on this device (localStorage in the app). */
  readonly autoLock: AutoLockPreferences;
  /** The sealed copy of the vault in this browser (issue #22): localStorage and the data layer in the app, a fake in component tests. */
  readonly deviceCopy: DeviceCopyService;
  /** Whether the server answers the live reads (the data layer's, loaded on first use). */
  readonly connection: () => Promise<Connection>;
  /**
   * Unlock with a passkey (issue #46): the browser's WebAuthn and this browser's record of the
   * user's passkeys; absent, the page's own (navigator.credentials, localStorage). Component tests give a stand-in.
   */
  readonly passkeys?: { readonly browser: BrowserWebAuthn; readonly device: PasskeysOnDevice };
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs an AppServicesProvider above it');
  return services;
}
