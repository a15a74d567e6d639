import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  setDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { getDocFromServer, getDocFromServerOnce, getDocsFromServer, getDocsFromServerOnce } from './serverReads';
import { teamDetailsEventId } from '@keyloft/contract/auditEvents';
import type { DeviceCopyStore } from '../deviceCopy/store';
import type { Documents } from './cursorPages';
import { auditEventDoc, signedInActor, type ActorSource } from './auditEventDocs';
import type { KnownKeysRepository, PublicKeyRepository, StoredMemberKey, TeamRepository } from '../teams/storedTeams';
import { serverOrDevice } from './deviceFallback';
import { readTeamListing } from './teamListing';
import { field, isString } from './fieldChecks';
import { teamFrom } from './storedDocuments';

// Teams by membership (docs/teams.md): the query names the user in memberIds and excludes teams
// being deleted, so the rules can allow exactly it and its cost never grows with other teams.

/** A snapshot's documents as the device copy keeps them. */
const documentsOf = (snapshot: { readonly docs: readonly { readonly id: string; data(): unknown }[] }): Documents => snapshot.docs.map((document) => [document.id, document.data()] as const);

/**
 * `copy`: with the device copy, the team list, each team and its member keys are kept there and
 * read from it when the server is out of reach, each once read here (docs/vault.md, "The device copy").
 */
export function createFirestoreTeamRepository(db: Firestore, copy?: DeviceCopyStore, actor: ActorSource = signedInActor(db)): TeamRepository {
  const teams = collection(db, 'teams');
  const ofMember = (uid: string) => query(teams, where('memberIds', 'array-contains', uid), where('deleting', '==', false), orderBy('name'));
  const listing = (uid: string) => readTeamListing(copy, uid, async () => documentsOf(await getDocsFromServerOnce(ofMember(uid))));
  return {
    newId: () => doc(teams).id,
    listing,
    async listForMember(uid) {
      return (await listing(uid)).teams;
    },
    watchForMember(uid, changed, failed) {
      let first = true;
      return onSnapshot(
        ofMember(uid),
        () => {
          if (!first) changed();
          first = false;
        },
        failed,
      );
    },
    async get(teamId) {
      const ref = doc(teams, teamId);
      const [found] = await serverOrDevice(copy, `team:${teamId}`, async () => {
        const snapshot = await getDocFromServerOnce(ref);
        return snapshot.exists() ? [[snapshot.id, snapshot.data()] as const] : [];
      });
      return found === undefined ? null : teamFrom(ref.path, found[1] as Record<string, unknown>);
    },
    async updateDetails(teamId, details, now) {
      // One transaction: the team as stored decides which parts changed, and each carries its
      // activity-log event (issue #24), which the rules require beside the edit.
      const ref = doc(teams, teamId);
      await runTransaction(db, async (transaction) => {
        const stored = await transaction.get(ref);
        transaction.update(ref, { name: details.name, description: details.description ?? deleteField(), updatedAt: now });
        if (!stored.exists()) return;
        const description = (stored.get('description') as unknown) ?? undefined;
        if (stored.get('name') !== details.name) {
          const event = auditEventDoc(db, actor, teamId, teamDetailsEventId(now, 'name'), { kind: 'team.renamed' });
          transaction.set(event.ref, event.data);
        }
        if (description !== details.description) {
          const event = auditEventDoc(db, actor, teamId, teamDetailsEventId(now, 'description'), { kind: 'team.descriptionChanged' });
          transaction.set(event.ref, event.data);
        }
      });
    },
    async listMemberKeys(teamId) {
      const memberKeys = collection(db, 'teams', teamId, 'memberKeys');
      const found = await serverOrDevice(copy, `memberKeys:${teamId}`, async () => documentsOf(await getDocsFromServerOnce(memberKeys)));
      const records = new Map<string, StoredMemberKey>();
      for (const [id, data] of found) {
        const record = memberKeyFrom(data as Record<string, unknown>);
        if (record === null) console.warn(`${memberKeys.path}/${id} is not a member-key record; it vouches for nothing`);
        else records.set(id, record);
      }
      return records;
    },
    async putMemberKey(teamId, memberUid, record) {
      await setDoc(doc(db, 'teams', teamId, 'memberKeys', memberUid), { ...record });
    },
  };
}

function memberKeyFrom(data: Record<string, unknown>): StoredMemberKey | null {
  const { fingerprint, keyVersion, check, confirmedBy, updatedAt } = data;
  if (typeof fingerprint !== 'string' || typeof keyVersion !== 'number' || typeof check !== 'string') return null;
  if (typeof confirmedBy !== 'string' || typeof updatedAt !== 'number') return null;
  return { fingerprint, keyVersion, check, confirmedBy, updatedAt };
}

export function createFirestorePublicKeyRepository(db: Firestore): PublicKeyRepository {
  // One publish per user per repository: a dashboard mounted twice in a row would otherwise run two
  // create transactions at once, and the loser's commit is refused (409) before its retry.
  const publishing = new Map<string, Promise<void>>();
  return {
    async get(uid) {
      const snapshot = await getDocFromServer(doc(db, 'publicKeys', uid));
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
  // A record without a string `sealed` comes up as '': it fails to open and is reported as damaged
  // for that one teammate (KnownKeysRepository), instead of failing every read of the memory.
  const sealedOf = (data: Record<string, unknown> | undefined): string => (typeof data?.sealed === 'string' ? data.sealed : '');
  const teammates = (uid: string) => collection(db, 'knownKeys', uid, 'teammates');
  return {
    async getLegacy(uid) {
      const snapshot = await getDocFromServer(doc(db, 'knownKeys', uid));
      return snapshot.exists() ? sealedOf(snapshot.data()) : null;
    },
    async removeLegacy(uid) {
      await deleteDoc(doc(db, 'knownKeys', uid));
    },
    async list(uid) {
      const snapshot = await getDocsFromServer(teammates(uid));
      return new Map(snapshot.docs.map((document) => [document.id, sealedOf(document.data())]));
    },
    async get(uid, teammateUid) {
      const snapshot = await getDocFromServer(doc(teammates(uid), teammateUid));
      return snapshot.exists() ? sealedOf(snapshot.data()) : null;
    },
    async put(uid, teammateUid, sealed, now) {
      await setDoc(doc(teammates(uid), teammateUid), { sealed, updatedAt: now });
    },
  };
}
