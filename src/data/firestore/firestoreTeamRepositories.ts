import { collection, deleteField, doc, getDoc, getDocs, orderBy, query, runTransaction, setDoc, updateDoc, where, type Firestore } from 'firebase/firestore';
import type { KnownKeysRepository, PublicKeyRepository, TeamRepository } from '../teams/storedTeams';
import { field, isString } from './fieldChecks';
import { teamFrom } from './storedDocuments';

// Teams by membership (docs/teams.md): the query names the user in memberIds and excludes teams
// being deleted, so the rules can allow exactly it and its cost never grows with other teams.

export function createFirestoreTeamRepository(db: Firestore): TeamRepository {
  const teams = collection(db, 'teams');
  return {
    newId: () => doc(teams).id,
    async listForMember(uid) {
      const snapshot = await getDocs(
        query(teams, where('memberIds', 'array-contains', uid), where('deleting', '==', false), orderBy('name')),
      );
      return snapshot.docs.map((document) => ({ id: document.id, data: teamFrom(document.ref.path, document.data()) }));
    },
    async get(teamId) {
      const snapshot = await getDoc(doc(teams, teamId));
      return snapshot.exists() ? teamFrom(snapshot.ref.path, snapshot.data()) : null;
    },
    async updateDetails(teamId, details, now) {
      await updateDoc(doc(teams, teamId), {
        name: details.name,
        description: details.description ?? deleteField(),
        updatedAt: now,
      });
    },
  };
}

export function createFirestorePublicKeyRepository(db: Firestore): PublicKeyRepository {
  // One publish per user per repository: a dashboard mounted twice in a row would otherwise run two
  // create transactions at once, and the loser's commit is refused (409) before its retry.
  const publishing = new Map<string, Promise<void>>();
  return {
    async get(uid) {
      const snapshot = await getDoc(doc(db, 'publicKeys', uid));
      return snapshot.exists() ? field(snapshot.ref.path, snapshot.data(), 'publicKey', isString) : null;
    },
    publish(uid, publicKey, now) {
      const pending =
        publishing.get(uid) ??
        // Created once: a transaction, so two tabs publishing at once do not turn into an update
        // (which the rules refuse).
        runTransaction(db, async (transaction) => {
          const ref = doc(db, 'publicKeys', uid);
          if ((await transaction.get(ref)).exists()) return;
          transaction.set(ref, { publicKey, createdAt: now });
        });
      publishing.set(uid, pending);
      pending.catch(() => publishing.delete(uid));
      return pending;
    },
  };
}

export function createFirestoreKnownKeysRepository(db: Firestore): KnownKeysRepository {
  return {
    async get(uid) {
      const snapshot = await getDoc(doc(db, 'knownKeys', uid));
      return snapshot.exists() ? field(snapshot.ref.path, snapshot.data(), 'sealed', isString) : null;
    },
    async put(uid, sealed, now) {
      await setDoc(doc(db, 'knownKeys', uid), { sealed, updatedAt: now });
    },
  };
}
