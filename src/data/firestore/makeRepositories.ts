import { deviceCopyEnabled } from '../firebase/deviceCopy';
import { firebaseServices } from '../firebase/instance';
import type { Repositories } from '../repositories';
import { syncedVaults } from './syncedVaults';

/** The app's repositories on its Firestore instances (the device copy's, when this browser keeps one). */
export function makeRepositories(): Promise<Repositories> {
  return Promise.all([
    firebaseServices().firestore(),
    firebaseServices().firestoreLite(),
    import('./litePages'),
    import('./firestoreUserRepository'),
    import('./firestoreVaultRepositories'),
    import('./firestoreTeamRepositories'),
    import('./firestoreInvitationRepository'),
    import('./firestoreAuditLogRepository'),
  ]).then(([db, lite, litePages, users, vault, teams, invitations, auditLog]) => {
    // With the device copy, a vault read whole once opens from it (docs/vault.md, "The device copy").
    const deviceCopy = deviceCopyEnabled(window.localStorage);
    const live = deviceCopy ? { synced: syncedVaults(window.localStorage) } : {};
    return {
    users: users.createFirestoreUserRepository(db, { deviceCopy }),
    passwords: vault.createFirestorePasswordRepository(db, litePages.litePageReader(lite), live),
    groups: vault.createFirestoreGroupRepository(db, live),
    teams: teams.createFirestoreTeamRepository(db, live.synced),
    publicKeys: teams.createFirestorePublicKeyRepository(db),
    knownKeys: teams.createFirestoreKnownKeysRepository(db),
    invitations: invitations.createFirestoreInvitationRepository(db),
    auditLog: auditLog.createFirestoreAuditLogRepository(lite),
    };
  });
}

