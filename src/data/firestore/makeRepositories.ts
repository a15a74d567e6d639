import { pageDeviceCopy } from '../deviceCopy/pageCopy';
import { firebaseServices } from '../firebase/instance';
import type { Repositories } from '../repositories';

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
    import('./firestorePasskeyRepository'),
  ]).then(([db, lite, litePages, users, vault, teams, invitations, auditLog, passkeys]) => {
    // With the device copy, what the server answered is kept there and opens first next time
    // (docs/vault.md, "The device copy").
    const copy = pageDeviceCopy() ?? undefined;
    const live = copy === undefined ? {} : { copy };
    return {
    users: users.createFirestoreUserRepository(db, copy),
    passkeys: passkeys.createFirestorePasskeyRepository(db),
    passwords: vault.createFirestorePasswordRepository(db, litePages.litePageReader(lite), live),
    groups: vault.createFirestoreGroupRepository(db, live),
    teams: teams.createFirestoreTeamRepository(db, copy),
    publicKeys: teams.createFirestorePublicKeyRepository(db),
    knownKeys: teams.createFirestoreKnownKeysRepository(db),
    invitations: invitations.createFirestoreInvitationRepository(db),
    auditLog: auditLog.createFirestoreAuditLogRepository(lite),
    };
  });
}

