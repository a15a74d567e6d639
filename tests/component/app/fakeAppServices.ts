// The app's services for component tests that render its routes or dashboard: in-memory
// repositories, fake callables and billing, the auth flows over a fake gateway and `store`.
import type { AppServices } from '../../../src/app/AppServices';
import type { AuthServices } from '../../../src/app/authServices';
import type { AuthGateway } from '../../../src/data/auth/authGateway';
import { readConfig } from '../../../src/data/config';
import type { Connection } from '../../../src/data/firestore/liveServer';
import type { InvitationFunctions } from '../../../src/data/invitations/storedInvitations';
import type { TeamFunctions } from '../../../src/data/teams/storedTeams';
import type { DeviceCopyService } from '../../../src/features/deviceCopy/model';
import { createAutoLockPreferences } from '../../../src/session/autoLock';
import type { SessionStore } from '../../../src/session/sessionStore';
import { billingWorld, fakeBillingService, trialSubscription } from '../../doubles/fakeBillingCallables';
import { fakeConnection, fakeDeviceCopy } from '../../doubles/fakeDeviceCopy';
import { fakeTeamFunctions, type MemoryRepositories } from '../../doubles/memoryRepositories';
import { unavailableInvitationFunctions } from '../../doubles/unavailableInvitationFunctions';
import { MemoryStorage } from '../../support/memoryStorage';
import { fakeGateway } from './fakeGateway';

export interface FakeAppServicesOptions {
  readonly store: SessionStore;
  readonly repositories: MemoryRepositories;
  /** Who the team callables act as. */
  readonly uid: string;
  /** Default: fakeGateway(). */
  readonly gateway?: AuthGateway;
  readonly teamFunctions?: TeamFunctions;
  readonly invitationFunctions?: InvitationFunctions;
  /** Default: a copy kept, cleared at once. */
  readonly deviceCopy?: DeviceCopyService;
  /** Default: a server that always answers. */
  readonly connection?: Connection;
  /** Passkey unlock's WebAuthn and this browser's passkeys; default: the page's (none in jsdom). */
  readonly passkeys?: AppServices['passkeys'];
}

/** The auth flows over `gateway` and `store`, reading user records from `repositories`. */
export function fakeAuthServices(store: SessionStore, repositories: MemoryRepositories, gateway: AuthGateway): AuthServices {
  return {
    gateway: () => Promise.resolve(gateway),
    // The session of these tests is set before rendering: nothing is being restored.
    restoring: { get: () => false, subscribe: () => () => undefined },
    deps: {
      loadGateway: () => Promise.resolve(gateway),
      loadUsers: () => Promise.resolve(repositories.users),
      sendCustomEmailVerification: () => Promise.resolve(),
      session: store,
      now: () => Date.now(),
      isDevelopment: true,
    },
  };
}

export function fakeAppServices(options: FakeAppServicesOptions): AppServices {
  const { store, repositories, uid } = options;
  const connection = options.connection ?? fakeConnection();
  return {
    config: readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } }),
    auth: fakeAuthServices(store, repositories, options.gateway ?? fakeGateway()),
    repositories: () => Promise.resolve(repositories),
    teamFunctions: options.teamFunctions ?? fakeTeamFunctions(repositories, () => uid),
    invitationFunctions: options.invitationFunctions ?? unavailableInvitationFunctions(),
    billing: fakeBillingService(billingWorld(Date.now(), trialSubscription(Date.now(), 0))),
    autoLock: createAutoLockPreferences(new MemoryStorage()),
    deviceCopy: options.deviceCopy ?? fakeDeviceCopy(),
    connection: () => Promise.resolve(connection),
    ...(options.passkeys === undefined ? {} : { passkeys: options.passkeys }),
  };
}
